import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import {
  createPostgresPool,
  DEFAULT_POSTGRES_TIMEOUTS,
  type PostgresTimeouts,
  postgresError,
  withClient,
} from '../engines/postgres';
import { entryOf } from '../map-entry';
import { createBulkStaging } from './bulk-staging';
import { serialize } from './canonical-json';
import { applyChanges, cloneJson, splitPath } from './document-update';
import { checkCollectionName, conditionTerms, pageOf, sortFields } from './filter-terms';
import { LEASES, LeaseLostError, type LeaseRequest, type LeaseState, leaseState, nextLease } from './lease';
import {
  type BulkOptions,
  type BulkWrite,
  CHECKPOINTS,
  type Checkpoint,
  type Collection,
  type Condition,
  type Doc,
  type Filter,
  type FindOptions,
  type ReadStore,
  type Scalar,
  type WriteOp,
} from './port';
import { singleWrites } from './single-writes';

type Sql = { sql: string; params: unknown[] };

/** Ends a held transaction that is given up (never seen by a caller). */
const ROLLED_BACK = new Error('rolled back');

/**
 * Marks the row that locks a document not created yet. No update can write it (field paths never
 * start with `$`), and it is deleted before the transaction commits.
 */
const PLACEHOLDER = '$lock';
/** Rows per INSERT of a rebuild: one JSON array of this many documents per statement. */
const BULK_INSERT_ROWS = 2000;
/**
 * The read store on PostgreSQL: one table per collection holding each document as JSONB, queried
 * through `doc #> path` expressions (the same text in filters and expression indexes). Updates are
 * computed in JavaScript with the same rules as SQLite (document-update.ts) on rows locked for the
 * transaction; the checkpoint and its lease fence commit in the same transaction. Comparisons
 * follow MongoDB's type bracketing and binary string order, as the other adapters do.
 * `?schema=name` in the URL keeps the tables in that schema (created when missing; default public).
 */
export async function createPostgresReadStore(
  url: string,
  timeouts: PostgresTimeouts = DEFAULT_POSTGRES_TIMEOUTS,
): Promise<ReadStore> {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema') ?? 'public';
  parsed.searchParams.delete('schema');
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new Error(`Invalid schema name ${JSON.stringify(schema)}`);
  const pool = createPostgresPool(parsed.toString(), 10, timeouts);
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (error) {
    await pool.end().catch(() => {});
    if ((error as { code?: unknown }).code === '23505') return createPostgresReadStore(url, timeouts); // created meanwhile
    throw error;
  }

  const existing = new Set<string>();
  const table = (collection: string) => `"${schema}".${tableName(collection)}`;

  /** DDL outside the write transactions (as for SQLite), so a rollback cannot leave this cache wrong. */
  async function ensureTable(collection: string): Promise<string> {
    const name = table(collection);
    if (existing.has(collection)) return name;
    try {
      await pool.query(`CREATE TABLE IF NOT EXISTS ${name} (id text PRIMARY KEY, doc jsonb NOT NULL)`);
    } catch (error) {
      // Another process created it at the same moment: its row type, its catalog row or the table
      // itself is found already there ("type … already exists" is 42710).
      const code = (error as { code?: unknown }).code;
      if (code !== '23505' && code !== '42P07' && code !== '42710') throw unavailable(error);
    }
    existing.add(collection);
    return name;
  }

  async function query(sql: string, params: unknown[] = [], client?: PoolClient) {
    try {
      return await (client ?? pool).query(sql, params);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async function transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return withClient(pool, 'read store', async (client) => {
      await client.query('BEGIN');
      try {
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    });
  }

  /**
   * The documents, locked until the commit, in one round trip. A missing one is locked by
   * inserting a placeholder row (removed before the commit, never seen by anyone else), so a
   * concurrent upsert of the same new document waits for this transaction instead of losing an
   * increment; row locks, unlike advisory locks, cost no shared memory however many there are.
   */
  async function lockDocs(
    client: PoolClient,
    collection: string,
    ids: Iterable<string>,
    placeholders: Set<string>,
  ): Promise<Map<string, Doc | null>> {
    const name = table(collection);
    const sorted = [...new Set(ids)].sort();
    const found = new Map<string, Doc | null>();
    const read = async (wanted: string[]) => {
      const rows = await client.query(
        `SELECT id, doc FROM ${name} WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`,
        [wanted],
      );
      for (const row of rows.rows) found.set(row.id, row.doc[PLACEHOLDER] === true ? null : (row.doc as Doc));
    };
    await read(sorted);
    const missing = sorted.filter((id) => !found.has(id));
    if (missing.length === 0) return found;
    const inserted = await client.query(
      `INSERT INTO ${name} (id, doc) SELECT k, jsonb_build_object('_id', k, '${PLACEHOLDER}', true)
       FROM unnest($1::text[]) AS k ON CONFLICT (id) DO NOTHING RETURNING id`,
      [missing],
    );
    const ours = new Set<string>(inserted.rows.map((row) => row.id));
    for (const id of ours) {
      placeholders.add(id);
      found.set(id, null);
    }
    // Created and committed by another transaction meanwhile: read (and lock) its document.
    const theirs = missing.filter((id) => !ours.has(id));
    if (theirs.length > 0) await read(theirs);
    return found;
  }

  async function upsert(client: PoolClient, collection: string, docs: Doc[]): Promise<void> {
    if (docs.length === 0) return;
    await client.query(
      `INSERT INTO ${table(collection)} (id, doc) SELECT * FROM unnest($1::text[], $2::jsonb[])
       ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
      [docs.map((d) => d._id), docs.map((d) => serialize(d))],
    );
  }

  /** Writes folded per document (as SQLite does): each document is written once per batch. */
  async function applyOps(client: PoolClient, ops: readonly WriteOp[]): Promise<void> {
    const pending = new Map<string, Map<string, Doc | null>>();
    const placeholders = new Map<string, Set<string>>();
    const placeholdersIn = (collection: string) => entryOf(placeholders, collection, () => new Set<string>());
    // Every document the batch updates, read and locked up front: one round trip per collection.
    const updated = new Map<string, Set<string>>();
    for (const op of ops) {
      if (op.op !== 'update') continue;
      const ids = updated.get(op.collection) ?? new Set<string>();
      ids.add(op.id);
      updated.set(op.collection, ids);
    }
    const known = new Map<string, Map<string, Doc | null>>();
    for (const collection of [...updated.keys()].sort()) {
      known.set(
        collection,
        await lockDocs(client, collection, updated.get(collection) ?? [], placeholdersIn(collection)),
      );
    }
    const current = async (collection: string, id: string): Promise<Doc | null> => {
      const prefetched = known.get(collection);
      if (prefetched?.has(id)) return prefetched.get(id) ?? null;
      const locked = await lockDocs(client, collection, [id], placeholdersIn(collection));
      return locked.get(id) ?? null;
    };
    const stagedIn = (collection: string) => entryOf(pending, collection, () => new Map());
    const flush = async (only?: string) => {
      for (const [collection, docs] of pending) {
        if (only !== undefined && collection !== only) continue;
        const kept = [...docs.values()].filter((doc): doc is Doc => doc !== null);
        const removed = [...docs.entries()].filter(([, doc]) => doc === null).map(([id]) => id);
        if (removed.length > 0)
          await client.query(`DELETE FROM ${table(collection)} WHERE id = ANY($1::text[])`, [removed]);
        await upsert(client, collection, kept);
        pending.delete(collection);
      }
    };
    for (const op of ops) {
      switch (op.op) {
        case 'put':
          if (typeof op.doc._id !== 'string') throw new Error('A document needs a string _id');
          stagedIn(op.collection).set(op.doc._id, cloneJson(op.doc));
          break;
        case 'update': {
          const docs = stagedIn(op.collection);
          const staged = docs.get(op.id);
          const before = staged !== undefined ? staged : await current(op.collection, op.id);
          const after = applyChanges(before, op.id, op, op.upsert === true, true);
          if (after && after !== staged) docs.set(op.id, after);
          break;
        }
        case 'delete':
          stagedIn(op.collection).set(op.id, null);
          break;
        case 'deleteMany': {
          await flush(op.collection);
          const where = compileFilter(op.filter);
          await client.query(`DELETE FROM ${table(op.collection)} WHERE ${where.sql}`, where.params);
          // What was read before may be gone now: later updates read again.
          known.delete(op.collection);
          break;
        }
        default: {
          const never: never = op;
          throw new Error(`Unknown write op ${JSON.stringify(never)}`);
        }
      }
    }
    await flush();
    // Placeholders no write replaced (updates of missing documents without upsert, deletes).
    for (const [collection, ids] of placeholders) {
      if (ids.size === 0) continue;
      await client.query(
        `DELETE FROM ${table(collection)} WHERE id = ANY($1::text[]) AND doc ? '${PLACEHOLDER}'`,
        [[...ids]],
      );
    }
  }

  /**
   * The lease row is read FOR SHARE: a takeover (which locks it FOR UPDATE) waits for this commit,
   * and the new holder then reads the checkpoint written here; or it committed first, and the
   * token read here is already the new one.
   */
  async function writeCheckpoint(client: PoolClient, checkpoint: Checkpoint): Promise<void> {
    if (checkpoint.fence !== undefined) {
      const lease = await client.query(
        `SELECT doc->'token' AS token FROM ${table(LEASES)} WHERE id = $1 FOR SHARE`,
        [checkpoint.name],
      );
      if (lease.rows[0]?.token !== checkpoint.fence)
        throw new LeaseLostError(checkpoint.name, checkpoint.fence);
    }
    await upsert(client, CHECKPOINTS, [{ _id: checkpoint.name, position: checkpoint.position }]);
  }

  async function apply(ops: WriteOp[], checkpoint?: Checkpoint): Promise<void> {
    for (const op of ops) tableName(op.collection);
    for (const op of ops) if (op.op === 'deleteMany') compileFilter(op.filter);
    if (ops.length === 0 && !checkpoint) return;
    for (const collection of new Set(ops.map((op) => op.collection))) await ensureTable(collection);
    if (checkpoint) {
      await ensureTable(CHECKPOINTS);
      await ensureTable(LEASES);
    }
    await transaction(async (client) => {
      await applyOps(client, ops);
      if (checkpoint) await writeCheckpoint(client, checkpoint);
    });
  }

  /**
   * A transaction held open across calls on one client: steps run in order; `end(true)` commits
   * once they are done (a failed step skips the later ones, rolls everything back and fails
   * `end`), `end(false)` rolls back.
   */
  function heldTransaction() {
    let finish: (commit: boolean) => void = () => {};
    const ended = new Promise<boolean>((resolve) => {
      finish = resolve;
    });
    let opened: (client: PoolClient) => void = () => {};
    let failed: (error: unknown) => void = () => {};
    const client = new Promise<PoolClient>((resolve, reject) => {
      opened = resolve;
      failed = reject;
    });
    let steps: Promise<unknown> = client;
    const done = transaction(async (held) => {
      opened(held);
      const commit = await ended;
      await steps;
      if (!commit) throw ROLLED_BACK;
    });
    // No client: the steps fail with the reason. Either is heard by `end`, never unhandled meanwhile.
    done.catch(failed);
    client.catch(() => {});
    return {
      run(step: (client: PoolClient) => Promise<unknown>): Promise<void> {
        const ran = steps.then(() => client).then(step);
        steps = ran;
        ran.catch(() => {});
        // Settles when the step did; its failure is for `end` to report.
        return ran.then(
          () => undefined,
          () => undefined,
        );
      },
      async end(commit: boolean): Promise<void> {
        finish(commit);
        await done.catch((error: unknown) => {
          if (commit) throw error;
        });
      },
    };
  }

  /**
   * A rebuild: each replaced collection is written into a new table, created in a transaction of
   * its own that no reader sees: while the log is still read (writeAhead: the documents changed
   * since the last one, each as it stands) and at the commit. The commit then writes the
   * checkpoint, drops the old table and gives the new one its name, applies the other staged ops
   * as a live batch and builds the indexes, all in that transaction. Readers of a replaced
   * collection see the old documents until the commit swaps the tables, then wait for it; a
   * failure (or a discard) leaves the old read model.
   */
  function bulk(options: BulkOptions = {}): BulkWrite {
    const replacing = options.replacing ?? [];
    const indexes = options.indexes ?? [];
    const staging = createBulkStaging(replacing, tableName);
    let held: ReturnType<typeof heldTransaction> | undefined;
    /** Ids in each new table. */
    const written = new Map<string, Set<string>>();
    const open = () => {
      if (held) return held;
      held = heldTransaction();
      for (const collection of replacing)
        void held.run((client) =>
          client.query(`CREATE TABLE ${newTable(collection)} (id text PRIMARY KEY, doc jsonb NOT NULL)`),
        );
      return held;
    };
    /** The changed documents, serialized now (staging goes on changing them in place), written in order. */
    const writeChanged = (): Promise<void> => {
      const session = open();
      const pending: Promise<void>[] = [];
      for (const [collection, ids] of staging.takeChanged()) {
        const docs = staging.documents.get(collection);
        const stored = entryOf(written, collection, () => new Set<string>());
        // Most documents are new to the table; one written ahead before (and changed since) is
        // replaced. The two kinds apart: a plain INSERT has no conflict to check.
        const added: Doc[] = [];
        const replaced: Doc[] = [];
        const removed: string[] = [];
        for (const id of ids) {
          const doc = docs?.get(id);
          if (doc) {
            if (stored.has(id)) replaced.push(doc);
            else {
              added.push(doc);
              stored.add(id);
            }
          } else if (stored.delete(id)) removed.push(id);
        }
        const name = newTable(collection);
        const write = (rows: Doc[], onConflict: string) => {
          // One JSON array per chunk: the server parses one value (jsonb keeps no key order, so
          // no canonical form is needed) instead of an array literal of escaped strings.
          for (let start = 0; start < rows.length; start += BULK_INSERT_ROWS) {
            const chunk = JSON.stringify(rows.slice(start, start + BULK_INSERT_ROWS));
            pending.push(
              session.run((client) =>
                client.query(
                  `INSERT INTO ${name} (id, doc) SELECT d->>'_id', d FROM jsonb_array_elements($1::jsonb) AS d ${onConflict}`,
                  [chunk],
                ),
              ),
            );
          }
        };
        write(added, '');
        write(replaced, 'ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc');
        if (removed.length > 0)
          pending.push(
            session.run((client) =>
              client.query(`DELETE FROM ${name} WHERE id = ANY($1::text[])`, [removed]),
            ),
          );
      }
      return Promise.all(pending).then(() => undefined);
    };
    return {
      stage(ops) {
        for (const op of ops) staging.stage(op);
      },
      writeAhead: writeChanged,
      async commit(checkpoint) {
        const touched = new Set([...staging.deferred.keys(), ...indexes.map((index) => index.collection)]);
        try {
          for (const collection of touched)
            if (!replacing.includes(collection)) await ensureTable(collection);
          await ensureTable(CHECKPOINTS);
          await ensureTable(LEASES);
        } catch (error) {
          // The transaction written ahead would otherwise hold its connection for good.
          await held?.end(false);
          throw error;
        }
        const session = open();
        void writeChanged();
        void session.run(async (client) => {
          // A stale holder is refused, and a takeover waits for this commit.
          await writeCheckpoint(client, checkpoint);
          for (const collection of replacing) {
            await client.query(`DROP TABLE IF EXISTS ${table(collection)}`);
            await client.query(`ALTER TABLE ${newTable(collection)} RENAME TO ${tableName(collection)}`);
            // Its key's index named as CREATE TABLE names it (the name cut to fit 63 bytes).
            const key = `${tableName(collection)
              .slice(1, -1)
              .slice(0, 63 - '_pkey'.length)}_pkey`;
            await client.query(
              `ALTER INDEX "${schema}".${newTable(collection, false)}_pkey" RENAME TO "${key}"`,
            );
          }
          for (const ops of staging.deferred.values()) await applyOps(client, ops);
          // After the rows, and in this transaction: no commit (and sync) of its own per index.
          for (const index of indexes) {
            const sql = indexSql(index.collection, index.fields);
            if (sql) await client.query(sql);
          }
        });
        await session.end(true);
        for (const collection of replacing) existing.add(collection);
      },
      async discard() {
        await held?.end(false);
      },
    };
  }

  /** A replaced collection's new table while its rebuild runs (created in the rebuild's transaction). */
  function newTable(collection: string, qualified = true): string {
    const hash = createHash('sha1').update(collection).digest('hex').slice(0, 16);
    return qualified ? `"${schema}"."r_${hash}"` : `"r_${hash}`;
  }

  /**
   * The index's DDL, or undefined when the primary key serves it. Named after its columns' text:
   * an index whose expression changes is a new index.
   */
  function indexSql(collection: string, fields: readonly string[]): string | undefined {
    if (fields.length === 0 || (fields.length === 1 && fields[0] === '_id')) return undefined;
    const columns = fields.map((f) => (f === '_id' ? 'id' : `(${stringExpr(f)})`)).join(', ');
    const hash = createHash('sha1').update(`${collection}\0${columns}`).digest('hex').slice(0, 16);
    return `CREATE INDEX IF NOT EXISTS "ix_${hash}" ON ${table(collection)} (${columns})`;
  }

  /**
   * The index this store made for these fields on their JSONB values, before its indexes were on
   * string text: no query uses it any more, and every write would still pay for it.
   */
  function jsonbIndexDrop(collection: string, fields: readonly string[]): string {
    const hash = createHash('sha1')
      .update(`${collection}\0${fields.join('\0')}`)
      .digest('hex')
      .slice(0, 16);
    return `DROP INDEX IF EXISTS "${schema}"."ix_${hash}"`;
  }

  async function acquireLease(request: LeaseRequest): Promise<number | undefined> {
    const name = await ensureTable(LEASES);
    return transaction(async (client) => {
      // Serializes acquirers, the very first one (no row to lock yet) included.
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `${name}:${request.name}`,
      ]);
      // The server's clock: every instance measures expiry against the same one.
      const clock = await client.query(
        'SELECT (extract(epoch from clock_timestamp()) * 1000)::float8 AS now',
      );
      const found = await client.query(`SELECT doc FROM ${name} WHERE id = $1 FOR UPDATE`, [request.name]);
      const now = Math.floor(Number(clock.rows[0].now));
      const next = nextLease(found.rows[0]?.doc as LeaseState | undefined, request, now);
      if (next) await upsert(client, LEASES, [{ _id: request.name, ...next }]);
      return next?.token;
    });
  }

  function collection<T extends Doc = Doc>(name: string): Collection<T> {
    tableName(name);
    return {
      async get(id) {
        const found = await query(`SELECT doc FROM ${await ensureTable(name)} WHERE id = $1`, [id]);
        return (found.rows[0]?.doc as T | undefined) ?? null;
      },
      async find(filter = {}, options: FindOptions = {}) {
        const where = compileFilter(filter);
        const { limit, skip } = pageOf(options);
        const order = orderBy(options.sort);
        const n = where.params.length;
        const found = await query(
          `SELECT doc FROM ${await ensureTable(name)} WHERE ${where.sql} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
          [...where.params, limit ?? null, skip],
        );
        return found.rows.map((row) => row.doc as T);
      },
      async count(filter = {}) {
        const where = compileFilter(filter);
        const found = await query(
          `SELECT count(*)::int AS n FROM ${await ensureTable(name)} WHERE ${where.sql}`,
          where.params,
        );
        return found.rows[0].n as number;
      },
      ...singleWrites<T>(name, (op) => apply([op])),
    };
  }

  return {
    collection,
    apply,
    bulk,
    async getCheckpoint(name) {
      const found = await query(
        `SELECT doc->'position' AS position FROM ${await ensureTable(CHECKPOINTS)} WHERE id = $1`,
        [name],
      );
      const position = found.rows[0]?.position;
      return typeof position === 'number' ? position : undefined;
    },
    acquireLease,
    async releaseLease(name, holder) {
      await query(
        `UPDATE ${await ensureTable(LEASES)} SET doc = doc || '{"holder": "", "expiresAt": 0}'::jsonb
         WHERE id = $1 AND doc->>'holder' = $2`,
        [name, holder],
      );
    },
    async getLease(name) {
      const found = await query(`SELECT doc FROM ${await ensureTable(LEASES)} WHERE id = $1`, [name]);
      return leaseState(found.rows[0]?.doc as LeaseState | undefined);
    },
    async drop(collections) {
      const names = collections.map((c) => table(c));
      await transaction(async (client) => {
        for (const name of names) await client.query(`DROP TABLE IF EXISTS ${name}`);
      });
      for (const c of collections) existing.delete(c);
    },
    async ensureIndex(collectionName, fields) {
      const sql = indexSql(collectionName, fields);
      if (!sql) return;
      await ensureTable(collectionName);
      try {
        await pool.query(sql);
        await pool.query(jsonbIndexDrop(collectionName, fields));
      } catch (error) {
        // Another process made (or dropped) the same index at the same moment.
        const code = (error as { code?: unknown }).code;
        if (code !== '23505' && code !== '42P07' && code !== '42710' && code !== '42704')
          throw unavailable(error);
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** A driver error that means the server is out, as the port's UNAVAILABLE; any other error as it is. */
function unavailable(error: unknown): unknown {
  return postgresError('read store', error);
}

/** PostgreSQL cuts identifiers at 63 bytes: long collection names keep a hash so that they stay distinct. */
function tableName(collection: string): string {
  const name = `c_${checkCollectionName(collection)}`;
  if (name.length <= 63) return `"${name}"`;
  const hash = createHash('sha1').update(collection).digest('hex').slice(0, 12);
  return `"${name.slice(0, 50)}_${hash}"`;
}

/** The field's JSON value (NULL when missing), as the same text in filters and sorts. */
function valueExpr(field: string): string {
  return `doc #> ${pathArray(field)}`;
}

/**
 * The field's value as text in binary order: the expression of the indexes, and the same text in
 * the filters on a string (with a type check, as "1" is not 1), so that the planner uses them.
 * On text, an index builds about three times faster than on the JSONB value (measured).
 */
function stringExpr(field: string): string {
  return `(doc #>> ${pathArray(field)}) COLLATE "C"`;
}

function pathArray(field: string): string {
  const segments = splitPath(field).map((s) => `'${s.replaceAll("'", "''")}'`);
  return `ARRAY[${segments.join(', ')}]::text[]`;
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function compileFilter(filter: Filter): Sql {
  const params = new Params();
  const parts = Object.entries(filter).map(([field, condition]) =>
    compileCondition(field, condition, params),
  );
  return { sql: parts.length === 0 ? 'true' : parts.join(' AND '), params: params.values };
}

function compileCondition(field: string, condition: Condition, params: Params): string {
  return conditionTerms(field, condition)
    .map((term) => {
      if (term.op === '$eq') return equals(field, term.value, params);
      if (term.op === '$ne') return `NOT COALESCE(${equals(field, term.value, params)}, false)`;
      if (term.op === '$in') {
        const parts = term.values.map((value) => equals(field, value, params));
        return parts.length === 0 ? 'false' : `(${parts.join(' OR ')})`;
      }
      return compare(field, term.sign, term.value, params);
    })
    .join(' AND ');
}

/**
 * Types kept apart (1 is not "1" nor true): a string by its type and text (what the indexes
 * hold), any other value by JSONB equality, which compares numbers by value.
 */
function equals(field: string, value: Scalar, params: Params): string {
  if (field === '_id') return typeof value === 'string' ? `(id = ${params.add(value)})` : 'false';
  const v = valueExpr(field);
  if (value === null) return `(${v} IS NULL OR ${v} = 'null'::jsonb)`;
  if (typeof value === 'string')
    return `(jsonb_typeof(${v}) = 'string' AND ${stringExpr(field)} = ${params.add(value)})`;
  return `(${v} = ${params.add(JSON.stringify(value))}::jsonb)`;
}

function compare(field: string, sign: string, value: Scalar, params: Params): string {
  // As in MongoDB: null only equals null/missing, so >= and <= null match those and > / < match nothing.
  if (value === null) return sign.includes('=') ? equals(field, null, params) : 'false';
  if (field === '_id')
    return typeof value === 'string' ? `(id COLLATE "C" ${sign} ${params.add(value)})` : 'false';
  const v = valueExpr(field);
  if (typeof value === 'string') {
    return `(jsonb_typeof(${v}) = 'string' AND ${stringExpr(field)} ${sign} ${params.add(value)})`;
  }
  const type = typeof value === 'number' ? 'number' : 'boolean';
  return `(jsonb_typeof(${v}) = '${type}' AND ${v} ${sign} ${params.add(JSON.stringify(value))}::jsonb)`;
}

/** MongoDB's cross-type order (missing/null < numbers < strings < objects < arrays < booleans), ties by _id. */
function orderBy(sort: FindOptions['sort']): string {
  const terms: string[] = [];
  let hasId = false;
  for (const [field, direction] of sortFields(sort)) {
    const dir = direction === 1 ? 'ASC' : 'DESC';
    if (field === '_id') {
      hasId = true;
      terms.push(`id COLLATE "C" ${dir}`);
      continue;
    }
    const v = valueExpr(field);
    const t = `jsonb_typeof(${v})`;
    terms.push(
      `CASE ${t} WHEN 'number' THEN 1 WHEN 'string' THEN 2 WHEN 'object' THEN 3 WHEN 'array' THEN 4 WHEN 'boolean' THEN 5 ELSE 0 END ${dir}`,
      `CASE WHEN ${t} = 'number' THEN (${v} #>> '{}')::numeric END ${dir}`,
      `(CASE WHEN ${t} = 'string' THEN ${v} #>> '{}' END) COLLATE "C" ${dir}`,
      `CASE WHEN ${t} IN ('boolean', 'object', 'array') THEN ${v} END ${dir}`,
    );
  }
  if (!hasId) terms.push('id COLLATE "C" ASC');
  return terms.join(', ');
}
