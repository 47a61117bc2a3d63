import { runProcess } from './process-main';
import { startReactors } from './processes';

/** Distributed: event store → Kafka, and the refund process manager. */
runProcess('relay', (platform, modules, ops) => startReactors(platform, modules, ops.runners), {
  opsServer: true,
});
