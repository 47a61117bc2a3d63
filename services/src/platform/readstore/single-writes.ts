import type { Collection, Doc, WriteOp } from './port';

/** A collection's one-document writes, each a batch of one op: the same rules as `apply` in every adapter. */
export function singleWrites<T extends Doc>(
  collection: string,
  write: (op: WriteOp) => Promise<void> | void,
): Pick<Collection<T>, 'put' | 'update' | 'delete'> {
  return {
    async put(doc) {
      await write({ op: 'put', collection, doc });
    },
    async update(id, changes, options) {
      await write({ op: 'update', collection, id, ...changes, upsert: options?.upsert === true });
    },
    async delete(id) {
      await write({ op: 'delete', collection, id });
    },
  };
}
