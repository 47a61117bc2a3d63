import CONTEXTS from '../contexts.json';
import type { FeatureModule } from '../platform/module';
import { openTestRuntime } from '../testing/test-runtime';
import { featureModules } from './modules';
import { stopModules } from './processes';

/** The modules each process builds come from the contexts manifest, in its order (the mount order). */
describe('featureModules', () => {
  let platform: Awaited<ReturnType<typeof openTestRuntime>>;
  const built: FeatureModule[][] = [];
  beforeAll(async () => {
    platform = await openTestRuntime();
  });
  afterAll(async () => {
    for (const modules of built) await stopModules(modules);
    await platform.dispose();
  });
  const build = async (...args: Parameters<typeof featureModules>) => {
    const modules = await featureModules(...args);
    built.push(modules);
    return modules.map((module) => module.name);
  };

  it('builds one module per context of services/src/contexts.json, in its order, where the API runs', async () => {
    expect(await build(platform)).toEqual(Object.keys(CONTEXTS));
    expect(await build(platform, {}, { roles: ['api'] })).toEqual(Object.keys(CONTEXTS));
  });

  it('leaves out the contexts that only serve payment routes where no API runs, keeping the order', async () => {
    expect(await build(platform, {}, { roles: ['projector'] })).toEqual(
      Object.keys(CONTEXTS).filter((name) => name !== 'billing' && name !== 'admin'),
    );
  });
});
