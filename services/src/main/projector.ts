import { runProcess } from './process-main';
import { startProjectors } from './processes';

/** Distributed: builds the read models from the event store. `--rebuild` drops and replays them first. */
runProcess(
  'projector',
  async (platform, modules, ops) => {
    const runners = await startProjectors(platform, modules, ops.runners);
    if (process.argv.includes('--rebuild')) for (const runner of runners) await runner.rebuild();
    return runners;
  },
  { opsServer: true },
);
