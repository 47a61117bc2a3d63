import { frontends } from '../platform/http/frontends';
import { runProcess } from './process-main';
import { closeServer, createApi, listen, stopModules } from './processes';

/** Distributed: the Koa API and the static front-ends (projections, relay and workers run elsewhere). */
runProcess('api', async (platform, modules, ops) => {
  const { webDistRoot, remoteUrls, shell, host, port } = platform.config;
  const app = createApi(
    platform,
    modules,
    [frontends({ repoRoot: webDistRoot, remoteUrls, ...(shell ? { shell } : {}) })],
    ops,
  );
  const server = await listen(app, host, port);
  platform.logger.info(`api listening on ${host}:${port}`);
  return [
    {
      stop: async () => {
        await closeServer(server);
        await stopModules(modules);
      },
    },
  ];
});
