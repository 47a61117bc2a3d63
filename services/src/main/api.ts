import { frontends } from '../platform/http/frontends';
import { runProcess } from './process-main';
import { createApi, listen, sweepSessions } from './processes';

/** Distributed: the Koa API and the static front-ends (projections, relay and workers run elsewhere). */
runProcess('api', async (runtime) => {
  const { webDistRoot, remoteUrls } = runtime.config;
  const app = createApi(runtime, { after: [frontends({ repoRoot: webDistRoot, remoteUrls })] });
  const server = await listen(app, runtime.config.host, runtime.config.port);
  runtime.logger.info(`api listening on ${runtime.config.host}:${runtime.config.port}`);
  return [
    { stop: () => new Promise<void>((resolve) => server.close(() => resolve())) },
    sweepSessions(runtime),
  ];
});
