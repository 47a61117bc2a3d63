import type { BlobStore } from '../../platform/blobs/port';
import type { FaultSwitch } from './switch';

/** A BlobStore whose engine can be made to fail or stall on command; a failed put stores nothing. */
export function faultyBlobStore(inner: BlobStore, faults: FaultSwitch): BlobStore {
  return {
    async put(id, data, contentType) {
      await faults.gate();
      return inner.put(id, data, contentType);
    },
    async get(id) {
      await faults.gate();
      return inner.get(id);
    },
    async stream(id) {
      await faults.gate();
      return inner.stream(id);
    },
    async delete(id) {
      await faults.gate();
      return inner.delete(id);
    },
    async *list(before) {
      await faults.gate();
      yield* inner.list(before);
    },
    close: () => inner.close(),
  };
}
