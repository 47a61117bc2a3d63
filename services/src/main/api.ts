import { createApi, listen } from './processes';
import { runProcess } from './process-main';

/** Distributed: the Koa API alone (projections, relay and workers run elsewhere). */
runProcess('api', async (runtime) => {
  const server = await listen(createApi(runtime), runtime.config.host, runtime.config.port);
  runtime.logger.info(`api listening on ${runtime.config.host}:${runtime.config.port}`);
  return [{ stop: () => new Promise<void>((resolve) => server.close(() => resolve())) }];
});
