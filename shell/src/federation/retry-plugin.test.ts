import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { currentAddress, freshAddressRetry, moveToFreshAddress, retryAddress } from './retry-plugin';

const ORIGIN = 'http://localhost:3000';
// The plugin runs in the shell's page; only its origin is read.
Object.defineProperty(globalThis, 'window', { value: { location: { origin: ORIGIN } } });

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type Args = Parameters<LoadEntryError>[0];

/** Calls the plugin's hook the way the runtime does, with a `getRemoteEntry` that answers per address. */
async function failedEntry(
  remote: string,
  answer: (entry: string) => Promise<unknown>,
  options: Parameters<typeof freshAddressRetry>[0] = {},
) {
  const asked: string[] = [];
  const waits: number[] = [];
  const plugin = freshAddressRetry({
    wait: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  const args = {
    origin: {},
    remoteInfo: {
      name: remote,
      entry: `${ORIGIN}/remotes/${remote}/remoteEntry.js`,
      entryGlobalName: remote,
    },
    getRemoteEntry: async ({ remoteInfo }: { remoteInfo: { entry: string } }) => {
      asked.push(remoteInfo.entry);
      return answer(remoteInfo.entry);
    },
    globalLoading: {},
    uniqueKey: remote,
  } as unknown as Args;
  const recovered = await (plugin.loadEntryError as LoadEntryError)(args);
  return { recovered, asked, waits };
}

describe('retryAddress', () => {
  it('puts ~retry-n after the remote name and keeps the rest of the path', () => {
    expect(retryAddress(`${ORIGIN}/remotes/qr/remoteEntry.js`, 'qr', 2)).toBe(
      `${ORIGIN}/remotes/qr/~retry-2/remoteEntry.js`,
    );
  });
  it('replaces an earlier fresh address rather than nesting them', () => {
    expect(retryAddress(`${ORIGIN}/remotes/qr/~retry-1/remoteEntry.js`, 'qr', 3)).toBe(
      `${ORIGIN}/remotes/qr/~retry-3/remoteEntry.js`,
    );
  });
  it('leaves a remote on another origin as it is (the server preloads only its own)', () => {
    const elsewhere = 'https://cdn.example.com/remotes/qr/remoteEntry.js';
    expect(retryAddress(elsewhere, 'qr', 1)).toBe(elsewhere);
  });
});

describe('the fresh-address retry runtime plugin', () => {
  it('loads a failed entry again from a fresh address and hands the runtime what loaded', async () => {
    const exports = { get: () => undefined, init: () => undefined };
    const { recovered, asked } = await failedEntry('gallery', async (entry) => {
      if (entry.includes('~retry-1/')) throw new Error('still down');
      return exports;
    });
    expect(recovered).toBe(exports);
    expect(asked).toEqual([
      `${ORIGIN}/remotes/gallery/~retry-1/remoteEntry.js`,
      `${ORIGIN}/remotes/gallery/~retry-2/remoteEntry.js`,
    ]);
  });

  it('gives up after its tries, waiting longer before each, so the runtime reports the failure', async () => {
    const { recovered, asked, waits } = await failedEntry(
      'studio',
      async () => {
        throw new Error('down');
      },
      { retries: 3, firstDelayMs: 100 },
    );
    expect(recovered).toBeUndefined();
    expect(asked).toHaveLength(3);
    expect(waits).toEqual([100, 200, 400]);
  });

  it("continues the remote's count, so the Retry button after it uses an address not tried yet", async () => {
    await failedEntry('account', async () => {
      throw new Error('down');
    });
    const published = `${ORIGIN}/remotes/account/remoteEntry.js`;
    expect(currentAddress(published, 'account')).toBe(`${ORIGIN}/remotes/account/~retry-2/remoteEntry.js`);
    moveToFreshAddress('account');
    expect(currentAddress(published, 'account')).toBe(`${ORIGIN}/remotes/account/~retry-3/remoteEntry.js`);
  });
});
