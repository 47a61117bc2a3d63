import type { LeaseRequest, LeaseState } from './lease';

/**
 * The read-model port: collections of JSON documents keyed by `_id`, a Mongo-like subset that
 * both SQLite and MongoDB serve with the same meaning. Projectors describe their writes as
 * data (WriteOp) so that a batch and its checkpoint commit in one transaction.
 */
export type Doc = { _id: string } & Record<string, unknown>;

export type Scalar = string | number | boolean | null;
export type Condition =
  | Scalar
  | { $eq?: Scalar; $ne?: Scalar; $in?: Scalar[]; $gt?: Scalar; $gte?: Scalar; $lt?: Scalar; $lte?: Scalar };
/** Field paths may be dotted ("daily.2026-01-01.scans"); all conditions must hold. */
export type Filter = Record<string, Condition>;

export interface FindOptions {
  sort?: Record<string, 1 | -1>;
  limit?: number;
  skip?: number;
}

export type WriteOp =
  /** Replace the whole document (insert when missing). */
  | { op: 'put'; collection: string; doc: Doc }
  /**
   * Partial update by id. `set` assigns dotted paths, `inc` adds to numbers (missing = 0),
   * `setOnInsert` only when the document is created. With `upsert` a missing doc is created.
   */
  | {
      op: 'update';
      collection: string;
      id: string;
      set?: Record<string, unknown>;
      inc?: Record<string, number>;
      setOnInsert?: Record<string, unknown>;
      upsert?: boolean;
    }
  | { op: 'delete'; collection: string; id: string }
  /** Delete every document matching the filter. */
  | { op: 'deleteMany'; collection: string; filter: Filter };

export interface Collection<T extends Doc = Doc> {
  get(id: string): Promise<T | null>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
  put(doc: T): Promise<void>;
  update(
    id: string,
    changes: {
      set?: Record<string, unknown>;
      inc?: Record<string, number>;
      setOnInsert?: Record<string, unknown>;
    },
    options?: { upsert?: boolean },
  ): Promise<void>;
  delete(id: string): Promise<void>;
}

export const CHECKPOINTS = '_checkpoints';

/**
 * A runner's checkpoint. With `fence`, the write is refused (LeaseLostError, nothing written)
 * unless the lease of the same name still carries that token: a runner another instance took
 * over from can never move the checkpoint or write its read model again.
 */
export interface Checkpoint {
  name: string;
  position: number;
  fence?: number;
}

/**
 * A rebuild's writes: staged (folded per document in memory, nothing written yet), then committed
 * with the checkpoint in one transaction. Same ops, same documents as `apply`. Collections given
 * as `replacing` are treated as empty while staging and replaced wholesale by the commit, which
 * also builds the `indexes` (as `ensureIndex` would), so readers get the new documents and their
 * indexes together.
 */
export interface BulkOptions {
  replacing?: readonly string[];
  indexes?: ReadonlyArray<{ collection: string; fields: readonly string[] }>;
}

export interface BulkWrite {
  stage(ops: WriteOp[]): void;
  /**
   * Optional: starts writing what was staged so far into new tables no reader sees, so that the
   * store works while the log is still being read and the commit has little left to do. Resolves
   * when that write is done; a failure is reported by the commit.
   */
  writeAhead?(): Promise<void>;
  commit(checkpoint: Checkpoint): Promise<void>;
  /** Gives up a bulk that will not be committed: what was written ahead is dropped. */
  discard?(): Promise<void>;
}

export interface ReadStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** All ops, and the checkpoint when given, commit together or not at all. */
  apply(ops: WriteOp[], checkpoint?: Checkpoint): Promise<void>;
  getCheckpoint(name: string): Promise<number | undefined>;
  /**
   * Takes the named lease for `holder` when it is free, expired, already the holder's (a renewal)
   * or held by `deadHolder`, until `ttlMs` from now. Answers the fencing token, which grows each
   * time the lease changes hands, or undefined while another holder has it. See runners/runner-lease.ts.
   */
  acquireLease(request: LeaseRequest): Promise<number | undefined>;
  /** Frees the lease at once if `holder` has it (a graceful stop); the token stays for the next holder to raise. */
  releaseLease(name: string, holder: string): Promise<void>;
  getLease(name: string): Promise<LeaseState | undefined>;
  /** Optional fast path for a rebuild; without it the runner replays through `apply`. */
  bulk?(options?: BulkOptions): BulkWrite;
  /** Drop the named collections (for a rebuild). */
  drop(collections: string[]): Promise<void>;
  /** Hint that a field is queried often; adapters may create an index. Idempotent. */
  ensureIndex(collection: string, fields: readonly string[]): Promise<void>;
  close(): Promise<void>;
}
