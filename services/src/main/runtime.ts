import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SessionStore } from '../account/sessions';
import type { PaymentGateway } from '../billing/gateway';
import { Payments } from '../billing/payments';
import { createSimulatedGateway } from '../billing/simulated';
import { createFsBlobStore } from '../platform/blobs/fs';
import type { BlobStore } from '../platform/blobs/port';
import { createMemoryBus } from '../platform/bus/memory';
import type { Bus } from '../platform/bus/port';
import { type Clock, systemClock } from '../platform/clock';
import { CommandHandler } from '../platform/command-handler';
import type { Config } from '../platform/config';
import type { EventStore } from '../platform/eventstore/port';
import { createSqliteEventStore } from '../platform/eventstore/sqlite';
import type { Logger } from '../platform/logging';
import type { ReadStore } from '../platform/readstore/port';
import { createSqliteReadStore } from '../platform/readstore/sqlite';
import { readStoreSnapshots } from '../platform/snapshots';
import { createOfflineProvider } from '../studio/ai/offline';
import type { AiProvider } from '../studio/ai/provider';

/** The engines and shared services one process works with, chosen by configuration. */
export interface Runtime {
  config: Config;
  logger: Logger;
  clock: Clock;
  eventStore: EventStore;
  readStore: ReadStore;
  bus: Bus;
  blobs: BlobStore;
  ai: AiProvider;
  commands: CommandHandler;
  sessions: SessionStore;
  gateway: PaymentGateway;
  payments: Payments;
}

// Distributed engines load lazily: the embedded process never pulls in their client libraries.
/** Test seams at the boundaries we cannot reach (AI, payments) and the clock. */
export interface RuntimeOverrides {
  clock?: Clock;
  ai?: AiProvider;
  gateway?: PaymentGateway;
}

const ensureDir = (file: string) => mkdirSync(path.dirname(file), { recursive: true });

export async function openRuntime(
  config: Config,
  logger: Logger,
  overrides: RuntimeOverrides = {},
): Promise<Runtime> {
  let eventStore: EventStore;
  if (config.eventStore.kind === 'sqlite') {
    ensureDir(config.eventStore.file);
    eventStore = createSqliteEventStore(config.eventStore.file);
  } else {
    const { createKurrentEventStore } = await import('../platform/eventstore/kurrent');
    eventStore = createKurrentEventStore(config.eventStore.url);
  }

  let readStore: ReadStore;
  if (config.readStore.kind === 'sqlite') {
    ensureDir(config.readStore.file);
    readStore = createSqliteReadStore(config.readStore.file);
  } else {
    const { createMongoReadStore } = await import('../platform/readstore/mongo');
    readStore = await createMongoReadStore(config.readStore.url);
  }

  let bus: Bus;
  if (config.bus.kind === 'memory') bus = createMemoryBus();
  else {
    const { createKafkaBus } = await import('../platform/bus/kafka');
    bus = createKafkaBus({ brokers: config.bus.brokers, clientId: 'studio' });
  }

  let blobs: BlobStore;
  if (config.blobs.kind === 'file') {
    mkdirSync(config.blobs.dir, { recursive: true });
    blobs = createFsBlobStore(config.blobs.dir);
  } else {
    const { createGridFsBlobStore } = await import('../platform/blobs/gridfs');
    blobs = await createGridFsBlobStore(config.blobs.url);
  }

  let ai: AiProvider = overrides.ai ?? createOfflineProvider();
  if (!overrides.ai && config.ai.provider === 'openai') {
    const { createOpenAiProvider } = await import('../studio/ai/openai');
    ai = createOpenAiProvider({
      apiKey: config.ai.apiKey,
      ...(config.ai.baseURL ? { baseURL: config.ai.baseURL } : {}),
      textModel: config.ai.textModel,
      imageModel: config.ai.imageModel,
    });
  }

  const clock = overrides.clock ?? systemClock;
  let gateway: PaymentGateway = overrides.gateway ?? createSimulatedGateway(readStore, () => clock.now());
  if (!overrides.gateway && config.payments.gateway === 'stripe') {
    const { createStripeGateway } = await import('../billing/stripe');
    gateway = createStripeGateway(config.payments);
  }
  const commands = new CommandHandler(eventStore, readStoreSnapshots(readStore));

  return {
    config,
    logger,
    clock,
    eventStore,
    readStore,
    bus,
    blobs,
    ai,
    commands,
    sessions: new SessionStore(readStore, config.sessionTtlMs),
    gateway,
    payments: new Payments(commands, readStore, logger),
  };
}

export async function closeRuntime(runtime: Runtime): Promise<void> {
  await runtime.bus.close();
  await runtime.eventStore.close();
  await runtime.readStore.close();
  await runtime.blobs.close();
}
