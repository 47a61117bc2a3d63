import { runProcess } from './process-main';
import { startWorker } from './processes';

/** Distributed: Kafka → AI provider → event store. Scale by running more of these. */
runProcess('worker', startWorker);
