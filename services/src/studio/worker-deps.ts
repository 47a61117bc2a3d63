// What the generation worker's parts (lease, attempt, outcome) are given: a file of its own so
// that they and the worker that composes them import it, not each other.
import type { GenerationKind } from '@studio/events';
import type { BlobStore } from '../platform/blobs/port';
import type { Clock } from '../platform/clock';
import type { CommandHandler } from '../platform/command-handler';
import type { Logger } from '../platform/logging';
import type { ProviderAccountWatch } from './ai/account-watch';
import type { CallGate } from './ai/call-gate';
import type { PriceTable } from './ai/prices';
import type { AiProvider } from './ai/provider';
import type { Generator } from './generators/generator';

export type WorkerTools = { [K in GenerationKind]?: { generator?: Generator<K> } };

export interface WorkerDeps {
  commands: CommandHandler;
  blobs: BlobStore;
  ai: AiProvider;
  /** The process-wide limit on provider calls, shared by every job (AI_CONCURRENCY). */
  gate?: CallGate;
  /** The registry (or any part of it): each tool's generator. */
  tools: WorkerTools;
  clock: Clock;
  logger: Logger;
  /** GENERATION_TIMEOUT_MS: a job's timeout grows from it with the job's size (job-timeout.ts). */
  timeoutMs: number;
  workerId: string;
  /** How long a claim lasts without a heartbeat (the worker heartbeats every third of it). */
  leaseMs?: number;
  /** At shutdown, how long a handed-back attempt's generator may take to stop (default 5 s). */
  shutdownGraceMs?: number;
  /** What provider calls cost (AI_PRICES over the defaults): each job's calls are priced with it. */
  prices?: PriceTable;
  /** Hears of jobs the provider account could not serve, and of jobs it did. */
  accountWatch?: ProviderAccountWatch;
}
