import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { entryOf } from '../map-entry';
import { type BulkStaging, createBulkStaging } from './bulk-staging';
import { serialize } from './canonical-json';
import { applyChanges, cloneJson, splitPath } from './document-update';
import { checkCollectionName, conditionTerms, pageOf, sortFields } from './filter-terms';
import { LEASES, LeaseLostError, type LeaseState, leaseState, nextLease } from './lease';
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

const NUMBER_TYPES = "('integer','real')";
const STATEMENT_CACHE_LIMIT = 500;

/**
 * The embedded read store: one table per collection holding each document as JSON text, queried
 * with json_extract. Comparisons follow MongoDB's type bracketing (a number never matches a string,
 * `true` never matches 1; a missing field equals null) so both adapters answer alike.
 */
export function createSqliteReadStore(file: string): ReadStore {
  const db = new Database(file, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');

  const statements = new Map<string, Database.Statement<unknown[], unknown>>();
  const stmt = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE_LIMIT) statements.clear();
      statement = db.prepare<unknown[], unknown>(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  const existing = new Set<string>();
  /**
   * DDL runs outside write transactions, so a rolled-back batch cannot leave this cache wrong.
   * Ordinary rowid tables (not WITHOUT ROWID): documents are large and ids random, and appending
   * rows by rowid with a separate id index writes about three times faster.
   */
  function table(collection: string): string {
    const name = tableName(collection);
    if (!existing.has(collection)) {
      db.exec(`CREATE TABLE IF NOT EXISTS ${name} (id TEXT PRIMARY KEY NOT NULL, doc TEXT NOT NULL)`);
      existing.add(collection);
    }
    return name;
  }

  function getDoc(collection: string, id: string): Doc | null {
    const text = stmt(`SELECT doc FROM ${table(collection)} WHERE id = ?`)
      .pluck()
      .get(id) as string | undefined;
    return text === undefined ? null : (JSON.parse(text) as Doc);
  }

  function putDoc(collection: string, doc: Doc): void {
    if (typeof doc._id !== 'string') throw new Error('A document needs a string _id');
    stmt(`INSERT OR REPLACE INTO ${table(collection)} (id, doc) VALUES (?, ?)`).run(doc._id, serialize(doc));
  }

  /**
   * Writes folded per document in memory: a projector batch often touches the same document many
   * times (a generation's request, progress and completion), and writing each document once is
   * what makes catch-up fast. Reads while staging see the earlier staged writes.
   */
  function createStaging() {
    // Staged documents are copies this staging owns (puts are cloned, reads freshly parsed), so
    // later updates change them in place. Per collection, per id; null = deleted.
    const pending = new Map<string, Map<string, Doc | null>>();
    const stagedIn = (collection: string) => entryOf(pending, collection, () => new Map());
    // One prepared statement per collection, each document written once.
    const flush = (only?: string) => {
      for (const [collection, docs] of pending) {
        if (only !== undefined && collection !== only) continue;
        const name = table(collection);
        const put = stmt(`INSERT OR REPLACE INTO ${name} (id, doc) VALUES (?, ?)`);
        const remove = stmt(`DELETE FROM ${name} WHERE id = ?`);
        for (const [id, doc] of docs) {
          if (doc) put.run(id, serialize(doc));
          else remove.run(id);
        }
        pending.delete(collection);
      }
    };
    const stage = (op: WriteOp): void => {
      switch (op.op) {
        case 'put':
          if (typeof op.doc._id !== 'string') throw new Error('A document needs a string _id');
          stagedIn(op.collection).set(op.doc._id, cloneJson(op.doc));
          break;
        case 'update': {
          const docs = stagedIn(op.collection);
          const staged = docs.get(op.id);
          const current = staged !== undefined ? staged : getDoc(op.collection, op.id);
          const updated = applyChanges(current, op.id, op, op.upsert === true, true);
          // A staged document was changed in place; a fresh one joins the batch.
          if (updated && updated !== staged) docs.set(op.id, updated);
          break;
        }
        case 'delete':
          stagedIn(op.collection).set(op.id, null);
          break;
        case 'deleteMany': {
          flush(op.collection);
          const where = compileFilter(op.filter);
          stmt(`DELETE FROM ${table(op.collection)} WHERE ${where.sql}`).run(...where.params);
          break;
        }
        default: {
          const never: never = op;
          throw new Error(`Unknown write op ${JSON.stringify(never)}`);
        }
      }
    };
    /** Inside a write transaction. */
    return { stage, flush: () => flush() };
  }

  function applyBatch(ops: readonly WriteOp[]): void {
    const staging = createStaging();
    for (const op of ops) staging.stage(op);
    staging.flush();
  }

  const leaseOf = (name: string) => getDoc(LEASES, name) as (LeaseState & Doc) | null;

  /** Inside the write transaction, which SQLite serializes: no takeover can slip in before the commit. */
  function writeCheckpoint(checkpoint: Checkpoint): void {
    if (checkpoint.fence !== undefined && leaseOf(checkpoint.name)?.token !== checkpoint.fence) {
      throw new LeaseLostError(checkpoint.name, checkpoint.fence);
    }
    putDoc(CHECKPOINTS, { _id: checkpoint.name, position: checkpoint.position });
  }

  const applyTx = db.transaction((ops: WriteOp[], checkpoint?: Checkpoint) => {
    if (checkpoint) writeCheckpoint(checkpoint);
    applyBatch(ops);
  });

  const acquireTx = db.transaction((request: Parameters<ReadStore['acquireLease']>[0]) => {
    const current = leaseOf(request.name);
    const next = nextLease(current ?? undefined, request, Date.now());
    if (next) putDoc(LEASES, { _id: request.name, ...next });
    return next?.token;
  });

  const releaseTx = db.transaction((name: string, holder: string) => {
    const current = leaseOf(name);
    if (current?.holder === holder) putDoc(LEASES, { ...current, holder: '', expiresAt: 0 });
  });

  const bulkTx = db.transaction(
    (
      staging: BulkStaging,
      checkpoint: Checkpoint,
      replacing: readonly string[],
      indexes: NonNullable<BulkOptions['indexes']>,
    ) => {
      writeCheckpoint(checkpoint);
      // Dropped and created again inside the transaction: readers see the old documents until
      // the commit, then the new ones; a failed rebuild leaves the old read model as it was.
      for (const collection of replacing) {
        const name = tableName(collection);
        db.exec(`DROP TABLE IF EXISTS ${name}`);
        db.exec(`CREATE TABLE ${name} (id TEXT PRIMARY KEY NOT NULL, doc TEXT NOT NULL)`);
      }
      // The tables are empty and every id comes once: plain inserts.
      for (const [collection, docs] of staging.documents) {
        const insert = stmt(`INSERT INTO ${tableName(collection)} (id, doc) VALUES (?, ?)`);
        for (const [id, doc] of docs) insert.run(id, serialize(doc));
      }
      for (const ops of staging.deferred.values()) applyBatch(ops);
      // After the rows: one pass over a full table builds an index faster than row by row.
      for (const index of indexes) createIndex(index.collection, index.fields);
    },
  );

  function createIndex(collection: string, fields: readonly string[]): void {
    if (fields.length === 0 || (fields.length === 1 && fields[0] === '_id')) return;
    const name = table(collection);
    const hash = createHash('sha1').update(fields.join('\0')).digest('hex').slice(0, 10);
    const columns = fields.map((f) => valueExpr(f)).join(', ');
    db.exec(`CREATE INDEX IF NOT EXISTS "ix_${collection}_${hash}" ON ${name} (${columns})`);
  }

  function bulk(options: BulkOptions = {}): BulkWrite {
    const replacing = options.replacing ?? [];
    const indexes = options.indexes ?? [];
    const staging = createBulkStaging(replacing, tableName);
    return {
      stage(ops) {
        for (const op of ops) staging.stage(op);
      },
      async commit(checkpoint) {
        for (const collection of [...staging.documents.keys(), ...staging.deferred.keys(), ...replacing])
          table(collection);
        for (const index of indexes) table(index.collection);
        table(CHECKPOINTS);
        table(LEASES);
        bulkTx.immediate(staging, checkpoint, replacing, indexes);
      },
    };
  }

  function apply(ops: WriteOp[], checkpoint?: Checkpoint): void {
    for (const op of ops) table(op.collection);
    if (checkpoint) {
      table(CHECKPOINTS);
      table(LEASES);
    }
    applyTx.immediate(ops, checkpoint);
  }

  function collection<T extends Doc = Doc>(name: string): Collection<T> {
    tableName(name);
    return {
      async get(id) {
        return getDoc(name, id) as T | null;
      },
      async find(filter = {}, options: FindOptions = {}) {
        const where = compileFilter(filter);
        const { limit, skip } = pageOf(options);
        const sql = `SELECT doc FROM ${table(name)} WHERE ${where.sql} ORDER BY ${orderBy(options.sort)} LIMIT ? OFFSET ?`;
        const texts = stmt(sql)
          .pluck()
          .all(...where.params, limit ?? -1, skip) as string[];
        return texts.map((text) => JSON.parse(text) as T);
      },
      async count(filter = {}) {
        const where = compileFilter(filter);
        return stmt(`SELECT COUNT(*) FROM ${table(name)} WHERE ${where.sql}`)
          .pluck()
          .get(...where.params) as number;
      },
      ...singleWrites<T>(name, (op) => apply([op])),
    };
  }

  return {
    collection,
    bulk,
    async apply(ops, checkpoint) {
      apply(ops, checkpoint);
    },
    async getCheckpoint(name) {
      const doc = getDoc(CHECKPOINTS, name);
      return typeof doc?.position === 'number' ? doc.position : undefined;
    },
    async acquireLease(request) {
      table(LEASES);
      return acquireTx.immediate(request);
    },
    async releaseLease(name, holder) {
      table(LEASES);
      releaseTx.immediate(name, holder);
    },
    async getLease(name) {
      table(LEASES);
      return leaseState(leaseOf(name));
    },
    async drop(collections) {
      const names = collections.map(tableName);
      db.transaction(() => {
        for (const name of names) db.exec(`DROP TABLE IF EXISTS ${name}`);
      })();
      for (const c of collections) existing.delete(c);
      statements.clear();
    },
    async ensureIndex(collectionName, fields) {
      createIndex(collectionName, fields);
    },
    async close() {
      db.close();
    },
  };
}

function tableName(collection: string): string {
  return `"c_${checkCollectionName(collection)}"`;
}

/** Dotted field path → SQLite JSON path literal, every label quoted ("2026-01-01" is a key, not a range). */
function jsonPathLiteral(field: string): string {
  const segments = splitPath(field);
  return `'$${segments.map((s) => `."${s.replaceAll("'", "''")}"`).join('')}'`;
}

// Identical text for filters and indexes, so the planner can use an expression index.
const valueExpr = (field: string) =>
  field === '_id' ? 'id' : `json_extract(doc, ${jsonPathLiteral(field)})`;
const typeExpr = (field: string) =>
  field === '_id' ? "'text'" : `json_type(doc, ${jsonPathLiteral(field)})`;

function compileFilter(filter: Filter): Sql {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    const compiled = compileCondition(field, condition);
    parts.push(compiled.sql);
    params.push(...compiled.params);
  }
  return { sql: parts.length === 0 ? '1' : parts.join(' AND '), params };
}

function compileCondition(field: string, condition: Condition): Sql {
  const compiled = conditionTerms(field, condition).map((term): Sql => {
    if (term.op === '$eq') return equals(field, term.value);
    if (term.op === '$ne') {
      const eq = equals(field, term.value);
      return { sql: `NOT COALESCE(${eq.sql}, 0)`, params: eq.params };
    }
    if (term.op === '$in') return within(field, term.values);
    return compare(field, term.sign, term.value);
  });
  return { sql: compiled.map((c) => c.sql).join(' AND '), params: compiled.flatMap((c) => c.params) };
}

function equals(field: string, value: Scalar): Sql {
  const v = valueExpr(field);
  const t = typeExpr(field);
  if (value === null) return { sql: `(${t} IS NULL OR ${t} = 'null')`, params: [] };
  if (typeof value === 'boolean') return { sql: `(${t} = '${value ? 'true' : 'false'}')`, params: [] };
  if (typeof value === 'number') return { sql: `(${v} = ? AND ${t} IN ${NUMBER_TYPES})`, params: [value] };
  return { sql: `(${v} = ? AND ${t} = 'text')`, params: [value] };
}

function within(field: string, scalars: Scalar[]): Sql {
  if (scalars.length === 0) return { sql: '0', params: [] };
  if (scalars.every((s) => typeof s === 'string')) {
    return {
      sql: `(${valueExpr(field)} IN (${scalars.map(() => '?').join(', ')}) AND ${typeExpr(field)} = 'text')`,
      params: scalars,
    };
  }
  const parts = scalars.map((s) => equals(field, s));
  return { sql: `(${parts.map((p) => p.sql).join(' OR ')})`, params: parts.flatMap((p) => p.params) };
}

function compare(field: string, operator: string, value: Scalar): Sql {
  const v = valueExpr(field);
  const t = typeExpr(field);
  // As in MongoDB: null only equals null/missing, so >= and <= null match those and > / < match nothing.
  if (value === null) return operator.includes('=') ? equals(field, null) : { sql: '0', params: [] };
  if (typeof value === 'boolean') {
    return { sql: `(${t} IN ('true','false') AND ${v} ${operator} ?)`, params: [value ? 1 : 0] };
  }
  if (typeof value === 'number')
    return { sql: `(${v} ${operator} ? AND ${t} IN ${NUMBER_TYPES})`, params: [value] };
  return { sql: `(${v} ${operator} ? AND ${t} = 'text')`, params: [value] };
}

/** MongoDB's cross-type order (missing/null < numbers < strings < objects < arrays < booleans), ties by _id. */
function orderBy(sort: FindOptions['sort']): string {
  const terms: string[] = [];
  let hasId = false;
  for (const [field, direction] of sortFields(sort)) {
    const dir = direction === 1 ? 'ASC' : 'DESC';
    if (field === '_id') {
      hasId = true;
      terms.push(`id ${dir}`);
      continue;
    }
    const t = typeExpr(field);
    terms.push(
      `CASE ${t} WHEN 'integer' THEN 1 WHEN 'real' THEN 1 WHEN 'text' THEN 2 WHEN 'object' THEN 3 ` +
        `WHEN 'array' THEN 4 WHEN 'false' THEN 5 WHEN 'true' THEN 5 ELSE 0 END ${dir}`,
      `${valueExpr(field)} ${dir}`,
    );
  }
  if (!hasId) terms.push('id ASC');
  return terms.join(', ');
}
