import { startWorker } from './processes';
import { runProcess } from './process-main';

/** Distributed: Kafka → AI provider → event store. Scale by running more of these. */
runProcess('worker', startWorker);
