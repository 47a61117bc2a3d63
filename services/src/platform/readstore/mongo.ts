import {
  type ClientSession,
  type Document,
  MongoClient,
  type Filter as MongoFilter,
  type Sort,
} from 'mongodb';
import { fieldPathSegments } from './field-path';
import { checkCollectionName, OPERATORS, pageOf, scalar, sortFields } from './filter-terms';
import { LEASES, LeaseLostError } from './lease';
import {
  CHECKPOINTS,
  type Checkpoint,
  type Collection,
  type Doc,
  type Filter,
  type FindOptions,
  type ReadStore,
  type WriteOp,
} from './port';
import { singleWrites } from './single-writes';

type Stored = { _id: string; [field: string]: unknown };
type StoredLease = { _id: string; holder: string; token: number; expiresAt: number; fencedWrites?: number };
type Changes = {
  set?: Record<string, unknown>;
  inc?: Record<string, number>;
  setOnInsert?: Record<string, unknown>;
};

/**
 * The distributed read store on MongoDB. `apply` runs in a multi-document transaction together
 * with the checkpoint, so the server must be a replica set (a single-node one is enough).
 */
export async function createMongoReadStore(url: string, dbName?: string): Promise<ReadStore> {
  const client = await MongoClient.connect(url);
  const db = client.db(dbName);
  const coll = (name: string) => db.collection<Stored>(checkCollectionName(name));
  const leases = () => db.collection<StoredLease>(LEASES);

  async function run(op: WriteOp, session?: ClientSession): Promise<void> {
    switch (op.op) {
      case 'put':
        if (typeof op.doc._id !== 'string') throw new Error('A document needs a string _id');
        await coll(op.collection).replaceOne({ _id: op.doc._id }, op.doc, { upsert: true, session });
        return;
      case 'update': {
        const update = toUpdate(op);
        await coll(op.collection).updateOne({ _id: op.id }, update, { upsert: op.upsert === true, session });
        return;
      }
      case 'delete':
        await coll(op.collection).deleteOne({ _id: op.id }, { session });
        return;
      case 'deleteMany':
        await coll(op.collection).deleteMany(toFilter(op.filter), { session });
        return;
      default: {
        const never: never = op;
        throw new Error(`Unknown write op ${JSON.stringify(never)}`);
      }
    }
  }

  function validate(op: WriteOp): void {
    checkCollectionName(op.collection);
    if (op.op === 'update') toUpdate(op);
    if (op.op === 'deleteMany') toFilter(op.filter);
  }

  /**
   * A transaction only conflicts with writes, not with reads: the fence is checked by writing the
   * lease document, so a takeover committed meanwhile aborts this transaction (or this one
   * commits first and the new holder reads the checkpoint it wrote).
   */
  async function checkFence(checkpoint: Checkpoint, session: ClientSession): Promise<void> {
    if (checkpoint.fence === undefined) return;
    const fenced = await leases().updateOne(
      { _id: checkpoint.name, token: checkpoint.fence },
      { $inc: { fencedWrites: 1 } },
      { session },
    );
    if (fenced.matchedCount === 0) throw new LeaseLostError(checkpoint.name, checkpoint.fence);
  }

  function collection<T extends Doc = Doc>(name: string): Collection<T> {
    const c = coll(name);
    return {
      async get(id) {
        return (await c.findOne({ _id: id })) as unknown as T | null;
      },
      async find(filter = {}, options: FindOptions = {}) {
        const { limit, skip } = pageOf(options);
        const query = toFilter(filter);
        // MongoDB reads limit 0 as "no limit".
        if (limit === 0) return [];
        const docs = await c
          .find(query, { sort: toSort(options.sort), skip, ...(limit !== undefined ? { limit } : {}) })
          .toArray();
        return docs as unknown as T[];
      },
      async count(filter = {}) {
        return c.countDocuments(toFilter(filter));
      },
      ...singleWrites<T>(name, (op) => run(op)),
    };
  }

  return {
    collection,
    async apply(ops, checkpoint) {
      for (const op of ops) validate(op);
      if (ops.length === 0 && !checkpoint) return;
      const session = client.startSession();
      try {
        await session.withTransaction(async () => {
          for (const op of ops) await run(op, session);
          if (checkpoint) {
            await checkFence(checkpoint, session);
            await coll(CHECKPOINTS).updateOne(
              { _id: checkpoint.name },
              { $set: { position: checkpoint.position } },
              { upsert: true, session },
            );
          }
        });
      } finally {
        await session.endSession();
      }
    },
    async getCheckpoint(name) {
      const doc = await coll(CHECKPOINTS).findOne({ _id: name });
      return typeof doc?.position === 'number' ? doc.position : undefined;
    },
    async acquireLease({ name, holder, ttlMs, deadHolder }) {
      const now = Date.now();
      // The same rule as nextLease (lease.ts), in one atomic update: another live holder makes the
      // filter miss and the upsert collide with the existing _id.
      const takeable: MongoFilter<StoredLease>[] = [{ holder }, { holder: '' }, { expiresAt: { $lte: now } }];
      if (deadHolder !== undefined) takeable.push({ holder: deadHolder });
      try {
        const lease = await leases().findOneAndUpdate(
          { _id: name, $or: takeable },
          [
            {
              $set: {
                token: {
                  $cond: [
                    { $eq: ['$holder', { $literal: holder }] },
                    '$token',
                    { $add: [{ $ifNull: ['$token', 0] }, 1] },
                  ],
                },
                holder: { $literal: holder },
                expiresAt: now + ttlMs,
              },
            },
          ],
          { upsert: true, returnDocument: 'after' },
        );
        return typeof lease?.token === 'number' ? lease.token : undefined;
      } catch (error) {
        if ((error as { code?: unknown }).code === 11000) return undefined;
        throw error;
      }
    },
    async releaseLease(name, holder) {
      await leases().updateOne({ _id: name, holder }, { $set: { holder: '', expiresAt: 0 } });
    },
    async getLease(name) {
      const lease = await leases().findOne({ _id: name });
      return lease
        ? { holder: String(lease.holder), token: Number(lease.token), expiresAt: Number(lease.expiresAt) }
        : undefined;
    },
    async drop(collections) {
      for (const name of collections) await coll(name).drop();
    },
    async ensureIndex(collectionName, fields) {
      if (fields.length === 0 || (fields.length === 1 && fields[0] === '_id')) return;
      await coll(collectionName).createIndex(Object.fromEntries(fields.map((f) => [checkPath(f), 1])));
    },
    async close() {
      await client.close();
    },
  };
}

function checkPath(field: string): string {
  fieldPathSegments(field);
  return field;
}

/** Only the port's subset: MongoDB would accept more ($regex, $exists…), SQLite would not. */
function toFilter(filter: Filter): MongoFilter<Stored> {
  const query: Document = {};
  for (const [field, condition] of Object.entries(filter)) {
    checkPath(field);
    if (condition === null || typeof condition !== 'object') {
      scalar(field, condition);
      query[field] = { $eq: condition };
      continue;
    }
    const operators: Document = {};
    for (const [operator, operand] of Object.entries(condition)) {
      if (operand === undefined) continue;
      if (!OPERATORS.has(operator)) throw new Error(`Unsupported condition ${JSON.stringify(condition)}`);
      if (operator === '$in') {
        if (!Array.isArray(operand)) throw new Error(`$in on ${field} needs an array`);
        for (const v of operand) scalar(field, v);
      } else scalar(field, operand);
      operators[operator] = operand;
    }
    if (Object.keys(operators).length === 0) throw new Error(`Empty condition on ${field}`);
    query[field] = operators;
  }
  return query as MongoFilter<Stored>;
}

/** Ties are broken by _id so both adapters page identically. */
function toSort(sort: FindOptions['sort']): Sort {
  const terms: [string, 1 | -1][] = [];
  for (const [field, direction] of sortFields(sort)) {
    terms.push([checkPath(field), direction]);
  }
  if (!terms.some(([field]) => field === '_id')) terms.push(['_id', 1]);
  return terms;
}

function toUpdate(changes: Changes): Document {
  const { set = {}, inc = {}, setOnInsert = {} } = changes;
  for (const field of [...Object.keys(set), ...Object.keys(inc), ...Object.keys(setOnInsert)]) {
    checkPath(field);
    // MongoDB accepts setting _id to its own value; the port forbids touching it at all.
    if (field === '_id' || field.startsWith('_id.')) throw new Error(`The field '_id' is immutable`);
  }
  for (const [field, amount] of Object.entries(inc)) {
    if (typeof amount !== 'number' || !Number.isFinite(amount))
      throw new Error(`Cannot increment ${field} by ${amount}`);
  }
  const update: Document = {};
  if (Object.keys(set).length > 0) update.$set = set;
  if (Object.keys(inc).length > 0) update.$inc = inc;
  if (Object.keys(setOnInsert).length > 0) update.$setOnInsert = setOnInsert;
  // An empty $set is a valid no-op (MongoDB 5+) and still lets an upsert create { _id }.
  if (Object.keys(update).length === 0) update.$set = {};
  return update;
}
