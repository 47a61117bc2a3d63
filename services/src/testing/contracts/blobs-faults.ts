import { randomUUID } from 'node:crypto';
import type { BlobStore } from '../../platform/blobs/port';
import { faultyBlobStore } from '../faults/blobs';
import { retried } from '../faults/retried';
import { eachBehindSwitch, type FaultSwitch } from '../faults/switch';

/** The faults section of the BlobStore contract: a refused put stores nothing; stored blobs outlive the outage. */
export function blobStoreFaultContract(name: string, make: () => Promise<BlobStore>): void {
  describe(`BlobStore contract, faults: ${name}`, () => {
    let inner: BlobStore;
    let faults: FaultSwitch;
    let store: BlobStore;
    const blobId = (label: string) => `faults-${label}-${randomUUID()}.bin`;

    eachBehindSwitch('blob store', make, faultyBlobStore, (given) => {
      ({ inner, faults, wrapped: store } = given);
    });

    it('down: puts and reads are refused as UNAVAILABLE; nothing half-written, earlier blobs intact', async () => {
      const kept = blobId('kept');
      const refused = blobId('refused');
      await store.put(kept, Buffer.from('before'), 'text/plain');
      faults.down();
      await expect(store.put(refused, Buffer.from('during'), 'text/plain')).rejects.toMatchObject({
        code: 'UNAVAILABLE',
      });
      await expect(store.get(kept)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
      faults.up();
      expect(await store.get(refused)).toBeNull();
      expect((await store.get(kept))?.data.toString()).toBe('before');
    });

    it('slow: a put stalls and then stores the whole blob', async () => {
      const id = blobId('slow');
      faults.slow(60);
      const started = Date.now();
      await store.put(id, Buffer.from('patience'), 'text/plain');
      expect(Date.now() - started).toBeGreaterThanOrEqual(55);
      expect((await inner.get(id))?.data.toString()).toBe('patience');
    });

    it('flapping: puts retried until accepted all land, each whole', async () => {
      const ids = Array.from({ length: 5 }, (_, i) => blobId(`f${i}`));
      faults.flapping();
      let refusals = 0;
      for (const [i, id] of ids.entries()) {
        refusals += (await retried(() => store.put(id, Buffer.from(`blob ${i}`), 'text/plain'))).refusals;
      }
      faults.up();
      expect(refusals).toBeGreaterThan(0);
      for (const [i, id] of ids.entries()) expect((await inner.get(id))?.data.toString()).toBe(`blob ${i}`);
    });
  });
}
