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
 * names (MongoDB driver, kafkajs, KurrentDB client), PostgreSQL's and the socket's codes, and
 * SQLite's busy/locked codes. Matching by name keeps the embedded process from loading those libraries.
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

/** Codes of a server or connection that is gone (PostgreSQL's class 08 and 57P, Node's socket errors). */
const POSTGRES_UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
/** What node-postgres says, without a code, when a connection ends or a bounded wait runs out. */
const POSTGRES_UNREACHABLE_MESSAGES =
  /Connection terminated|connect ETIMEDOUT|timeout exceeded when trying to connect|Query read timeout|not queryable/i;

/** A node-postgres error (or a socket error under it) that means the server is out of reach. */
export function isPostgresUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && POSTGRES_UNREACHABLE_CODES.has(code)) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && POSTGRES_UNREACHABLE_MESSAGES.test(message);
}

export function isEngineUnreachable(error: unknown): boolean {
  if (error instanceof EngineUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  if (isPostgresUnreachable(error)) return true;
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
