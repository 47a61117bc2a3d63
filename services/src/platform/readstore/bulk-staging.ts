import { entryOf } from '../map-entry';
import { applyChanges, cloneJson } from './document-update';
import type { Doc, WriteOp } from './port';

/**
 * A rebuild's writes before its commit (BulkWrite.stage), shared by the SQL adapters. The
 * collections being replaced start empty, so their documents are folded here in memory, each
 * written once at the commit, without reading the store. Every other op is kept, in order, for the
 * commit to apply in its transaction like a live batch: ops on collections that are not replaced
 * (the runner's parked events), and, from a deleteMany on, every later op of its collection.
 */
export interface BulkStaging {
  stage(op: WriteOp): void;
  /** The new documents of each replaced collection, by id (stored copies this staging owns). */
  readonly documents: ReadonlyMap<string, ReadonlyMap<string, Doc>>;
  /** The ops to apply after the documents are written, per collection, in staging order. */
  readonly deferred: ReadonlyMap<string, readonly WriteOp[]>;
  /**
   * The ids of the documents put, updated or deleted since the last call, per replaced
   * collection (what an adapter that writes ahead of the commit has to write again).
   */
  takeChanged(): Map<string, Set<string>>;
}

/** `checkName` throws for a collection name the adapter refuses: a bad op fails when staged. */
export function createBulkStaging(
  replacing: readonly string[],
  checkName: (collection: string) => void,
): BulkStaging {
  const replaced = new Set(replacing);
  const named = new Set<string>();
  const documents = new Map<string, Map<string, Doc>>();
  const deferred = new Map<string, WriteOp[]>();
  let changed = new Map<string, Set<string>>();
  const changedIn = (collection: string, id: string) => {
    entryOf(changed, collection, () => new Set()).add(id);
  };
  const documentsOf = (collection: string) => entryOf(documents, collection, () => new Map());
  return {
    documents,
    deferred,
    takeChanged() {
      const taken = changed;
      changed = new Map();
      return taken;
    },
    stage(op) {
      if (!named.has(op.collection)) {
        checkName(op.collection);
        named.add(op.collection);
      }
      const later = deferred.get(op.collection);
      if (later) {
        later.push(op);
        return;
      }
      if (!replaced.has(op.collection) || op.op === 'deleteMany') {
        deferred.set(op.collection, [op]);
        return;
      }
      switch (op.op) {
        case 'put':
          if (typeof op.doc._id !== 'string') throw new Error('A document needs a string _id');
          documentsOf(op.collection).set(op.doc._id, cloneJson(op.doc));
          changedIn(op.collection, op.doc._id);
          break;
        case 'update': {
          const docs = documentsOf(op.collection);
          const staged = docs.get(op.id);
          // A staged document is this staging's own copy: it is changed in place.
          const updated = applyChanges(staged ?? null, op.id, op, op.upsert === true, true);
          if (updated && updated !== staged) docs.set(op.id, updated);
          if (updated) changedIn(op.collection, op.id);
          break;
        }
        case 'delete':
          documentsOf(op.collection).delete(op.id);
          changedIn(op.collection, op.id);
          break;
        default: {
          const never: never = op;
          throw new Error(`Unknown write op ${JSON.stringify(never)}`);
        }
      }
    },
  };
}
