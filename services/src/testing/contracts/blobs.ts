import { randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { BlobStore } from '../../platform/blobs/port';
import { blobStoreFaultContract } from './blobs-faults';

/** The behaviour every BlobStore adapter must have. Ids are unique per test (shared servers). */
export function blobStoreContract(
  name: string,
  make: () => Promise<BlobStore>,
  cleanup?: () => Promise<void>,
): void {
  describe(`BlobStore contract: ${name}`, () => {
    let store: BlobStore;
    const blobId = (label: string) => `${label}-${randomUUID()}.bin`;

    beforeEach(async () => {
      store = await make();
    });
    afterEach(async () => {
      await store.close();
    });
    if (cleanup) afterAll(cleanup);

    it('puts, gets, streams and deletes a blob', async () => {
      const id = blobId('cover');
      const data = Buffer.from('%PDF-1.7 pretend');
      expect(await store.put(id, data, 'application/pdf')).toEqual({
        id,
        contentType: 'application/pdf',
        size: data.length,
      });

      const got = await store.get(id);
      expect(got).toMatchObject({ id, contentType: 'application/pdf', size: data.length });
      expect(got?.data.equals(data)).toBe(true);

      const streamed = await store.stream(id);
      expect(streamed).toMatchObject({ id, contentType: 'application/pdf', size: data.length });
      expect((await collect(streamed?.stream)).equals(data)).toBe(true);

      await store.delete(id);
      expect(await store.get(id)).toBeNull();
      expect(await store.stream(id)).toBeNull();
    });

    it('answers null for a missing blob and ignores deleting one', async () => {
      const id = blobId('missing');
      expect(await store.get(id)).toBeNull();
      expect(await store.stream(id)).toBeNull();
      await expect(store.delete(id)).resolves.toBeUndefined();
    });

    it('overwrites a blob, bytes and content type', async () => {
      const id = blobId('overwrite');
      await store.put(id, Buffer.from('first version, longer than the second'), 'text/plain');
      const second = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
      await store.put(id, second, 'image/png');
      const got = await store.get(id);
      expect(got).toMatchObject({ contentType: 'image/png', size: 4 });
      expect(got?.data.equals(second)).toBe(true);
      expect((await collect((await store.stream(id))?.stream)).equals(second)).toBe(true);
      await store.delete(id);
      expect(await store.get(id)).toBeNull();
    });

    it('round-trips binary data of any size, empty included', async () => {
      const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      const large = randomBytes(3 * 1024 * 1024 + 17);
      for (const data of [every, large, Buffer.alloc(0)]) {
        const id = blobId('binary');
        await store.put(id, data, 'application/octet-stream');
        const got = await store.get(id);
        expect(got?.size).toBe(data.length);
        expect(got?.data.equals(data)).toBe(true);
        expect((await collect((await store.stream(id))?.stream)).equals(data)).toBe(true);
        await store.delete(id);
      }
    });

    it('accepts ids made of letters, digits, dots, dashes and underscores', async () => {
      const id = `Cover_v2.final-${randomUUID()}.png`;
      await store.put(id, Buffer.from('x'), 'image/png');
      expect((await store.get(id))?.data.toString()).toBe('x');
      await store.delete(id);
    });

    it('lists the blobs last written before a time, with their size', async () => {
      const id = blobId('listed');
      const writing = Date.now();
      await store.put(id, Buffer.from('twelve bytes'), 'text/plain');
      const listed = async (before: Date) => {
        const found = [];
        for await (const blob of store.list(before)) if (blob.id === id) found.push(blob);
        return found;
      };
      const [blob, ...more] = await listed(new Date(Date.now() + 60_000));
      expect(more).toEqual([]);
      expect(blob).toMatchObject({ id, size: 12 });
      // Clocks of a file system or a server round to the second or the millisecond.
      expect(Math.abs((blob?.writtenAt.getTime() ?? 0) - writing)).toBeLessThan(5_000);
      // Written after the cut-off: not listed, so a sweep never sees a blob being written.
      expect(await listed(new Date(writing - 60_000))).toEqual([]);
      await store.delete(id);
      expect(await listed(new Date(Date.now() + 60_000))).toEqual([]);
    });

    it('rejects ids that could escape the store or are malformed', async () => {
      for (const bad of ['../x', '..', '.hidden', 'a/b', 'a\\b', '', 'x'.repeat(201), 'sp ace', 'nul\0']) {
        await expect(store.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid blob id');
        await expect(store.get(bad)).rejects.toThrow('Invalid blob id');
        await expect(store.stream(bad)).rejects.toThrow('Invalid blob id');
        await expect(store.delete(bad)).rejects.toThrow('Invalid blob id');
      }
    });
    // The same expectations, with the engine failing, stalling or flapping under a fault-injecting wrapper.
    blobStoreFaultContract(name, make);
  });
}

async function collect(stream: Readable | undefined): Promise<Buffer> {
  if (!stream) throw new Error('no stream');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
