import { type Embedded, startEmbedded } from '../main/embedded';
import { closePlatform, openPlatform, type PlatformOverrides } from '../main/platform';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logging';
import type { Platform } from '../platform/module';
import { type FakeOpenAi, startFakeOpenAi } from './fake-openai.fixture';
import { tempDataDir } from './helpers';

/** A real embedded runtime (SQLite files, in-process bus, blob folder) in a fresh temp folder. Tests only. */
export async function openTestRuntime(
  env: Record<string, string> = {},
  overrides: Pick<PlatformOverrides, 'clock'> & {
    /** The event store and read store in memory (SQLite's own); blobs stay in the temp folder. */
    inMemory?: boolean;
  } = {},
): Promise<Platform & { dataDir: string; dispose(): Promise<void> }> {
  const { dir: dataDir, remove } = tempDataDir();
  const config = loadConfig({ DATA_DIR: dataDir, ...env }, { embedded: true });
  const memory = { kind: 'sqlite', file: ':memory:' } as const;
  const platform = await openPlatform(
    overrides.inMemory ? { ...config, eventStore: memory, readStore: memory } : config,
    createLogger('silent'),
    overrides.clock,
  );
  return {
    ...platform,
    dataDir,
    async dispose() {
      await closePlatform(platform);
      remove();
    },
  };
}

export { eventually } from './helpers';

/**
 * A real embedded server in a temp folder for the enclosing describe block (jest hooks); the
 * getter returns it once started. Rate limits are raised: tests sign up many users from one address.
 */
export function useEmbeddedServer(
  env: Record<string, string> | (() => Record<string, string>) = {},
  overrides: PlatformOverrides | (() => PlatformOverrides) = {},
): () => Embedded {
  let embedded: Embedded | undefined;
  const tmp = tempDataDir();
  beforeAll(async () => {
    embedded = await startEmbedded(
      {
        DATA_DIR: tmp.dir,
        PORT: '0',
        LOG_LEVEL: 'silent',
        AUTH_RATE_LIMIT: '1000',
        ...(typeof env === 'function' ? env() : env),
      },
      typeof overrides === 'function' ? overrides() : overrides,
    );
  }, 60_000);
  afterAll(async () => {
    await embedded?.stop();
    tmp.remove();
  });
  return () => {
    if (!embedded) throw new Error('The embedded server has not started');
    return embedded;
  };
}

/**
 * A fake OpenAI server for the enclosing describe block, started before and stopped after the
 * server `useServer` sets up with the provider settings it is handed (so no job of the server loses
 * its provider mid-call).
 */
export function withFakeOpenAi<T extends object>(
  useServer: (providerEnv: () => Record<string, string>) => T,
): T & { fake: () => FakeOpenAi } {
  let started: FakeOpenAi | undefined;
  const fake = () => {
    if (!started) throw new Error('The fake OpenAI server has not started');
    return started;
  };
  beforeAll(async () => {
    started = await startFakeOpenAi();
  });
  const given = useServer(() => ({
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: fake().baseURL,
  }));
  afterAll(() => started?.close());
  return { ...given, fake };
}

/** `useEmbeddedServer` on a fake OpenAI server; `env` adds to or overrides the provider's settings. */
export function useServerWithFakeOpenAi(env: Record<string, string> = {}): {
  server: () => Embedded;
  fake: () => FakeOpenAi;
} {
  return withFakeOpenAi((providerEnv) => ({
    server: useEmbeddedServer(() => ({ ...providerEnv(), ...env })),
  }));
}
