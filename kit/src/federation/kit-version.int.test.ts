// The kit is shared at its own version: a remote built against a kit the deployed shell does not
// provide (a newer minor, another major) is refused by the federation runtime, instead of running
// against a kit that lacks what it imports. Real runtime, real build configuration.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createInstance } from '@module-federation/enhanced/runtime';

const FEDERATED_APP = join(__dirname, '../../build/federated-app.mjs');
const KIT_VERSION: string = require('../../package.json').version;

interface KitShare {
  version: string;
  requiredVersion: string;
  singleton: boolean;
  strictVersion: boolean;
}

/** What the build configuration shares the kit as, for a kit at `version` (default: its package.json). */
function buildConfig(version?: string): { kit: KitShare; strategy: 'loaded-first' | 'version-first' } {
  const script = `
    const { sharedSingletons, SHARE_STRATEGY } = await import(${JSON.stringify(FEDERATED_APP)});
    const shared = sharedSingletons({ dependencies: {} }, ${version ? JSON.stringify(version) : 'undefined'});
    process.stdout.write(JSON.stringify({ kit: shared['@studio/kit'], strategy: SHARE_STRATEGY }));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  );
}

/** The kit entry as the runtime sees it for one build: that build's copy, not loaded yet. */
function provides(version: string, from: string) {
  const { kit, strategy } = buildConfig(version);
  const { version: provided, ...shareConfig } = kit;
  return { '@studio/kit': { version: provided, strategy, shareConfig, get: async () => () => ({ from }) } };
}

describe('the kit shared between the shell and the remotes', () => {
  it("is provided at kit/package.json's version", () => {
    expect(buildConfig().kit).toMatchObject({ version: KIT_VERSION, requiredVersion: `^${KIT_VERSION}` });
  });

  async function remoteBuiltAt(version: string): Promise<unknown> {
    const shell = createInstance({ name: 'shell', remotes: [], shared: provides('1.4.0', 'shell') });
    await shell.loadShare('@studio/kit'); // the shell uses its kit from the start
    const remote = createInstance({ name: `remote-${version}`, remotes: [], shared: {} });
    remote.initShareScopeMap('default', shell.shareScopeMap.default!);
    remote.initOptions({ name: remote.name, remotes: [], shared: provides(version, `remote ${version}`) });
    const factory = await remote.loadShare('@studio/kit');
    return factory ? factory() : undefined;
  }

  it("gives a remote built against an older kit of the same major the shell's one instance", async () => {
    await expect(remoteBuiltAt('1.2.0')).resolves.toEqual({ from: 'shell' });
    await expect(remoteBuiltAt('1.4.0')).resolves.toEqual({ from: 'shell' });
  });

  it('refuses a remote built against a kit newer than the shell provides, naming both versions', async () => {
    await expect(remoteBuiltAt('1.5.0')).rejects.toThrow(/Version 1\.4\.0 from shell .* needs \^1\.5\.0/);
    await expect(remoteBuiltAt('2.0.0')).rejects.toThrow(/needs \^2\.0\.0/);
  });
});
