import { randomUUID } from 'node:crypto';
import type { ReadStore, WriteOp } from '../../platform/readstore/port';
import { faultyReadStore } from '../faults/readstore';
import { retried } from '../faults/retried';
import { FaultSwitch } from '../faults/switch';

/**
 * The faults section of the ReadStore contract: a batch and its checkpoint commit together or not
 * at all, whether the engine is down, slow or flapping, so a projector that retries never counts twice.
 */
export function readStoreFaultContract(name: string, make: () => Promise<ReadStore>): void {
  describe(`ReadStore contract, faults: ${name}`, () => {
    let inner: ReadStore;
    let faults: FaultSwitch;
    let store: ReadStore;
    let collection: string;
    let checkpoint: string;
    const bump = (id: string): WriteOp => ({ op: 'update', collection, id, inc: { n: 1 }, upsert: true });

    beforeEach(async () => {
      inner = await make();
      faults = new FaultSwitch('read store');
      store = faultyReadStore(inner, faults);
      collection = `t_faults_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      checkpoint = `faults-${randomUUID()}`;
    });
    afterEach(async () => {
      faults.up();
      await inner.drop([collection]);
      await inner.apply([{ op: 'delete', collection: '_checkpoints', id: checkpoint }]);
      await inner.close();
    });

    it('down: a batch is refused as UNAVAILABLE with nothing written and the checkpoint unmoved', async () => {
      await store.apply([bump('a')], { name: checkpoint, position: 1 });
      faults.down();
      await expect(
        store.apply([bump('a'), bump('b')], { name: checkpoint, position: 2 }),
      ).rejects.toMatchObject({
        code: 'UNAVAILABLE',
      });
      await expect(store.collection(collection).get('a')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
      expect(await inner.getCheckpoint(checkpoint)).toBe(1);
      expect(await inner.collection(collection).find()).toEqual([{ _id: 'a', n: 1 }]);
      faults.up();
      await store.apply([bump('a'), bump('b')], { name: checkpoint, position: 2 });
      expect(await inner.getCheckpoint(checkpoint)).toBe(2);
      expect(await inner.collection(collection).get('a')).toEqual({ _id: 'a', n: 2 });
    });

    it('slow: a batch stalls and then commits whole', async () => {
      faults.slow(60);
      const started = Date.now();
      await store.apply([bump('a'), bump('a')], { name: checkpoint, position: 7 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(55);
      expect(await store.getCheckpoint(checkpoint)).toBe(7);
      expect(await store.collection(collection).get('a')).toEqual({ _id: 'a', n: 2 });
    });

    it('flapping: batches retried until they commit count every event exactly once', async () => {
      faults.flapping();
      let refusals = 0;
      for (let position = 1; position <= 10; position++) {
        const outcome = await retried(async () => {
          // A projector resumes from the stored checkpoint: a batch that committed is not redone.
          const stored = await inner.getCheckpoint(checkpoint);
          if (stored === undefined || stored < position)
            await store.apply([bump('a')], { name: checkpoint, position });
        });
        refusals += outcome.refusals;
      }
      faults.up();
      expect(refusals).toBeGreaterThan(0);
      expect(await inner.collection(collection).get('a')).toEqual({ _id: 'a', n: 10 });
      expect(await inner.getCheckpoint(checkpoint)).toBe(10);
    });
  });
}
