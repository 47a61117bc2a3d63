import { startReactors } from './processes';
import { runProcess } from './process-main';

/** Distributed: event store → Kafka, and the refund process manager. */
runProcess('relay', startReactors);
