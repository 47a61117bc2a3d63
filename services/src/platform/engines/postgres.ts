import pg from 'pg';
import { type EngineName, EngineUnavailableError, isPostgresUnreachable } from '../faults/unavailable';

/**
 * What the PostgreSQL adapters share: a pool that bounds every wait, the driver errors that mean
 * "the server is out of reach", and checked-out clients that survive their connection's death.
 */

/** The driver's error as the adapter reports it: an unreachable server is UNAVAILABLE (503). */
export function postgresError(engine: EngineName, error: unknown): unknown {
  if (error instanceof EngineUnavailableError) return error;
  return isPostgresUnreachable(error) ? new EngineUnavailableError(engine, error) : error;
}

/** Bounds of every wait on the server, so that a hung server fails a request instead of holding it. */
export interface PostgresTimeouts {
  /** A new connection (TCP + start-up) must be ready within this. */
  connectMs: number;
  /** A query must answer within this (client side: a black-holed server never answers at all). */
  queryMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectMs: 5000, queryMs: 10_000 };

/**
 * A pool whose connections and queries are bounded in time, with TCP keep-alive (a dead peer is
 * noticed), and that never ends the process. A client whose connection dies emits `error`: pg-pool
 * listens while the client is idle (and re-emits on the pool, heard here), but not while it is
 * checked out, when an unheard `error` would end the process; so every client gets a listener of
 * its own for its whole life. The query in flight still fails, and the caller still hears it.
 */
export function createPostgresPool(
  connectionString: string,
  max: number,
  timeouts: PostgresTimeouts = DEFAULT_POSTGRES_TIMEOUTS,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    keepAlive: true,
  });
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

/**
 * A client checked out of the pool for a transaction. pg-pool removes its own error listener while
 * a client is checked out, and a connection that dies then makes the client emit `error`: with no
 * listener, Node ends the process. This one listens until the client is released, and releases it
 * as broken when its connection died or `work` failed with an unreachable server.
 */
export async function withClient<T>(
  pool: pg.Pool,
  engine: EngineName,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw postgresError(engine, error);
  }
  let died: unknown;
  const onError = (error: unknown) => {
    died = error;
  };
  client.on('error', onError);
  let broken = false;
  try {
    return await work(client);
  } catch (error) {
    const mapped = postgresError(engine, died ?? error);
    broken = mapped instanceof EngineUnavailableError || died !== undefined;
    throw mapped;
  } finally {
    client.removeListener('error', onError);
    client.release(broken || died !== undefined ? true : undefined);
  }
}
