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
import type { EventStore } from '../platform/eventstore/port';
import { createSqliteEventStore } from '../platform/eventstore/sqlite';
import type { Logger } from '../platform/logging';
import type { Platform } from '../platform/module';
import type { ReadStore } from '../platform/readstore/port';
import { createSqliteReadStore } from '../platform/readstore/sqlite';
import { readStoreSnapshots } from '../platform/snapshots';
import type { AiProvider } from '../studio/ai/provider';

/** Test seams at the boundaries we cannot reach (AI, payments) and the clock. */
export interface PlatformOverrides {
  clock?: Clock;
  ai?: AiProvider;
  gateway?: PaymentGateway;
}

const ensureDir = (file: string) => mkdirSync(path.dirname(file), { recursive: true });

/**
 * Builds the engines the configuration names. Distributed engines load lazily: the embedded
 * process never pulls in their client libraries.
 */
export async function openPlatform(
  config: Config,
  logger: Logger,
  clock: Clock = systemClock,
): Promise<Platform> {
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

  return {
    config,
    logger,
    clock,
    eventStore,
    readStore,
    bus,
    blobs,
    commands: new CommandHandler(eventStore, readStoreSnapshots(readStore)),
  };
}

export async function closePlatform(platform: Platform): Promise<void> {
  await platform.bus.close();
  await platform.eventStore.close();
  await platform.readStore.close();
  await platform.blobs.close();
}
