import { DomainError } from '../errors';

export type EngineName = 'event store' | 'read store' | 'bus' | 'blob store';

/** Seconds a client should wait before retrying a request that met an unavailable engine. */
export const RETRY_AFTER_SECONDS = 5;

/** An engine could not be reached for this call: the client may retry (HTTP 503 + Retry-After). */
export class EngineUnavailableError extends DomainError {
  constructor(
    readonly engine: EngineName | 'an engine',
    readonly reason?: unknown,
  ) {
    super(
      'UNAVAILABLE',
      `The service is briefly unavailable (${engine} unreachable). Please try again in a few seconds.`,
    );
    this.name = 'EngineUnavailableError';
  }
}

/**
 * Driver errors that mean "the engine is not reachable right now", by the client libraries' class
 * names (MongoDB driver, kafkajs, KurrentDB client) and SQLite's busy/locked codes. Matching by name
 * keeps the embedded process from loading those libraries.
 */
const UNREACHABLE_CLASSES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'KafkaJSConnectionError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSRequestTimeoutError',
  'KafkaJSBrokerNotFound',
  'KafkaJSConnectionClosedError',
  'UnavailableError',
  'DeadlineExceededError',
]);
const SQLITE_UNAVAILABLE = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_IOERR', 'SQLITE_CANTOPEN']);

export function isEngineUnreachable(error: unknown): boolean {
  if (error instanceof EngineUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const name = (error as { constructor?: { name?: string } }).constructor?.name ?? '';
  const declared = (error as { name?: unknown }).name;
  if (UNREACHABLE_CLASSES.has(name) || (typeof declared === 'string' && UNREACHABLE_CLASSES.has(declared)))
    return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && [...SQLITE_UNAVAILABLE].some((c) => code.startsWith(c));
}

/** The error as an EngineUnavailableError when it means an engine dropped, else undefined. */
export function asEngineUnavailable(error: unknown): EngineUnavailableError | undefined {
  if (error instanceof EngineUnavailableError) return error;
  return isEngineUnreachable(error) ? new EngineUnavailableError('an engine', error) : undefined;
}
