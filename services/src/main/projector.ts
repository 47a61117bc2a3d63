import { runProcess } from './process-main';
import { startProjectors } from './processes';

/** Distributed: builds the read models from the event store. `--rebuild` drops and replays them first. */
runProcess('projector', async (runtime) => {
  const runners = await startProjectors(runtime);
  if (process.argv.includes('--rebuild')) for (const runner of runners) await runner.rebuild();
  return runners;
});
