import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PaymentGateway } from '../billing/gateway';
import { createFsBlobStore } from '../platform/blobs/fs';
import type { BlobStore } from '../platform/blobs/port';
import { createMemoryBus } from '../platform/bus/memory';
import type { Bus } from '../platform/bus/port';
import { type Clock, systemClock } from '../platform/clock';
import { CommandHandler } from '../platform/command-handler';
import type { Config } from '../platform/config';
import { connectWithRetry, type RetryPolicy, wantsTls, withDefaultParam } from '../platform/engines/connect';
import { checkMongoReplicaSet } from '../platform/engines/mongo-replica-set';
import type { PostgresTimeouts } from '../platform/engines/postgres';
import type { EventStore } from '../platform/eventstore/port';
import { createSqliteEventStore } from '../platform/eventstore/sqlite';
import type { Logger } from '../platform/logging';
import { createLocalModerator, createOpenAiModerator, type Moderator } from '../platform/moderation';
import type { Platform } from '../platform/module';
import { Metrics, meteredEventStore } from '../platform/ops/metrics';
import type { ReadStore } from '../platform/readstore/port';
import { createSqliteReadStore } from '../platform/readstore/sqlite';
import { readStoreSnapshots } from '../platform/snapshots';
import type { AiProvider } from '../studio/ai/provider';

/** The four engines, as a drill may wrap them (fault injection). */
export type Engines = Pick<Platform, 'eventStore' | 'readStore' | 'bus' | 'blobs'>;

/** Test seams at the boundaries we cannot reach (AI, payments), the clock, and engine faults. */
export interface PlatformOverrides {
  clock?: Clock;
  ai?: AiProvider;
  gateway?: PaymentGateway;
  /** Wraps the engines once they are open (fault drills). */
  wrapEngines?: (engines: Engines) => Engines;
}

/** Server selection fails in seconds, not the driver's 30 s: start-up retries and requests answer 503 sooner. */
const mongoUrl = (url: string) => withDefaultParam(url, 'serverSelectionTimeoutMS', '5000');

const ensureDir = (file: string) => mkdirSync(path.dirname(file), { recursive: true });

/**
 * Builds the engines the configuration names. Distributed engines load lazily: the embedded
 * process never pulls in their client libraries.
 */
export async function openPlatform(
  config: Config,
  logger: Logger,
  clock: Clock = systemClock,
  wrapEngines: (engines: Engines) => Engines = (engines) => engines,
): Promise<Platform> {
  const policy = config.engineConnect;
  const eventStore = await openEventStore(config.eventStore, policy, logger, config.engineCallTimeoutMs);

  let readStore: ReadStore;
  if (config.readStore.kind === 'sqlite') {
    ensureDir(config.readStore.file);
    readStore = createSqliteReadStore(config.readStore.file);
  } else if (config.readStore.kind === 'postgres') {
    const { createPostgresReadStore } = await import('../platform/readstore/postgres');
    const { url } = config.readStore;
    readStore = await connectWithRetry(
      {
        variable: 'READ_STORE_URL',
        engine: 'PostgreSQL',
        url,
        tls: /[?&]ssl(mode=(require|verify-\w+)|=true)/.test(url),
      },
      policy,
      () => createPostgresReadStore(url, callTimeouts(config.engineCallTimeoutMs)),
      logger,
    );
  } else {
    const { createMongoReadStore } = await import('../platform/readstore/mongo');
    const url = mongoUrl(config.readStore.url);
    readStore = await connectWithRetry(
      { variable: 'READ_STORE_URL', engine: 'MongoDB', url, tls: wantsTls(url) },
      policy,
      async () => {
        await checkMongoReplicaSet('READ_STORE_URL', url);
        return createMongoReadStore(url);
      },
      logger,
    );
  }

  const bus = await openBus(config.bus, policy, logger);

  let blobs: BlobStore;
  if (config.blobs.kind === 'file') {
    mkdirSync(config.blobs.dir, { recursive: true });
    blobs = createFsBlobStore(config.blobs.dir);
  } else {
    const { createGridFsBlobStore } = await import('../platform/blobs/gridfs');
    const url = mongoUrl(config.blobs.url);
    blobs = await connectWithRetry(
      { variable: 'BLOB_STORE_URL', engine: 'MongoDB', url, tls: wantsTls(url) },
      policy,
      () => createGridFsBlobStore(url),
      logger,
    );
  }

  const engines = wrapEngines({ eventStore, readStore, bus, blobs });
  const metrics = new Metrics();
  const metered = meteredEventStore(engines.eventStore, metrics);
  return {
    config,
    logger,
    clock,
    ...engines,
    eventStore: metered,
    // Snapshots through the engines as wrapped: a fault drill's read store covers them too.
    commands: new CommandHandler(metered, readStoreSnapshots(engines.readStore)),
    metrics,
    moderator: moderatorFor(config.ai),
  };
}

/** The provider's moderation with the OpenAI provider; the embedded default's own word list otherwise. */
function moderatorFor(ai: Config['ai']): Moderator {
  return ai.provider === 'openai'
    ? createOpenAiModerator({ apiKey: ai.apiKey, ...(ai.baseURL ? { baseURL: ai.baseURL } : {}) })
    : createLocalModerator();
}

export async function closePlatform(platform: Platform): Promise<void> {
  await platform.bus.close();
  await platform.eventStore.close();
  await platform.readStore.close();
  await platform.blobs.close();
}

/** Opens the event store the configuration names (also used by the admin command). */
export async function openEventStore(
  setting: Config['eventStore'],
  policy: RetryPolicy,
  logger?: Logger,
  callTimeoutMs = 10_000,
): Promise<EventStore> {
  if (setting.kind === 'sqlite') {
    ensureDir(setting.file);
    return createSqliteEventStore(setting.file);
  }
  const { url } = setting;
  if (setting.kind === 'postgres') {
    const { createPostgresEventStore } = await import('../platform/eventstore/postgres');
    return connectWithRetry(
      { variable: 'EVENT_STORE_URL', engine: 'PostgreSQL', url, tls: false },
      policy,
      () => createPostgresEventStore(url, { timeouts: callTimeouts(callTimeoutMs) }),
      logger,
    );
  }
  const { createKurrentEventStore } = await import('../platform/eventstore/kurrent');
  return connectWithRetry(
    { variable: 'EVENT_STORE_URL', engine: 'KurrentDB', url, tls: wantsTls(url) },
    policy,
    async (onAbandon) => {
      const store = createKurrentEventStore(url);
      onAbandon(() => store.close());
      try {
        await store.headPosition();
        return store;
      } catch (error) {
        await store.close().catch(() => {});
        throw error;
      }
    },
    logger,
  );
}

async function openBus(setting: Config['bus'], policy: RetryPolicy, logger: Logger): Promise<Bus> {
  if (setting.kind === 'memory') return createMemoryBus();
  const remote =
    setting.kind === 'nats'
      ? {
          engine: 'NATS',
          url: `nats://${setting.servers.join(',')}`,
          open: async () => {
            const { createNatsBus } = await import('../platform/bus/nats');
            return createNatsBus({
              servers: setting.servers,
              ...(setting.namespace ? { namespace: setting.namespace } : {}),
              ...(setting.ackWaitMs ? { ackWaitMs: setting.ackWaitMs } : {}),
            });
          },
        }
      : {
          engine: 'Kafka',
          url: `kafka://${setting.brokers.join(',')}`,
          open: async () => {
            const { createKafkaBus } = await import('../platform/bus/kafka');
            return createKafkaBus({
              brokers: setting.brokers,
              ...(setting.namespace ? { namespace: setting.namespace } : {}),
              clientId: 'studio',
              retries: 3,
              logger,
            });
          },
        };
  return connectWithRetry(
    { variable: 'BUS_URL', engine: remote.engine, url: remote.url, tls: false },
    policy,
    async (onAbandon) => {
      const bus = await remote.open();
      onAbandon(() => bus.close());
      try {
        await bus.ping?.();
        return bus;
      } catch (error) {
        await bus.close().catch(() => {});
        throw error;
      }
    },
    logger,
  );
}

/** ENGINE_CALL_TIMEOUT_MS bounds a query; a new connection gets half of it. */
function callTimeouts(ms: number): PostgresTimeouts {
  return { connectMs: Math.max(100, Math.round(ms / 2)), queryMs: ms };
}
