import { runProcess } from './process-main';
import { startWorkers } from './processes';

/** Distributed: Kafka → AI provider → event store, and the job supervisor. Scale by running more. */
runProcess('worker', (platform, modules) => startWorkers(platform, modules), { opsServer: true });
