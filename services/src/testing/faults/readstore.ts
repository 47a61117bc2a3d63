import type { Collection, Doc, ReadStore } from '../../platform/readstore/port';
import type { FaultSwitch } from './switch';

/** A ReadStore whose engine can be made to fail or stall on command; a failed apply writes nothing. */
export function faultyReadStore(inner: ReadStore, faults: FaultSwitch): ReadStore {
  const gated =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await faults.gate();
      return call(...args);
    };
  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      const c = inner.collection<T>(name);
      return {
        get: gated((id) => c.get(id)),
        find: gated((filter, options) => c.find(filter, options)),
        count: gated((filter) => c.count(filter)),
        put: gated((doc) => c.put(doc)),
        update: gated((id, changes, options) => c.update(id, changes, options)),
        delete: gated((id) => c.delete(id)),
      };
    },
    apply: gated((ops, checkpoint) => inner.apply(ops, checkpoint)),
    getCheckpoint: gated((name) => inner.getCheckpoint(name)),
    acquireLease: gated((request) => inner.acquireLease(request)),
    releaseLease: gated((name, holder) => inner.releaseLease(name, holder)),
    getLease: gated((name) => inner.getLease(name)),
    drop: gated((collections) => inner.drop(collections)),
    ensureIndex: gated((collection, fields) => inner.ensureIndex(collection, fields)),
    close: () => inner.close(),
  };
}
