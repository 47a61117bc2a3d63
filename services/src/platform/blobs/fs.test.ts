import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { blobStoreContract } from '../../testing/contracts/blobs';
import { createFsBlobStore } from './fs';

const contractRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-'));
blobStoreContract(
  'fs',
  async () => createFsBlobStore(contractRoot),
  async () => fs.rmSync(contractRoot, { recursive: true, force: true }),
);

describe('fs blob store', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes nothing outside its folder and leaves no temp files behind', async () => {
    const dir = path.join(root, 'store');
    const store = createFsBlobStore(dir);
    await expect(store.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await store.put('a.png', Buffer.from('png'), 'image/png');
    await store.put('a.png', Buffer.from('png2'), 'image/png');
    expect(fs.readdirSync(root)).toEqual(['store']);
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'data', 'a.png'), 'utf8')).toBe('png2');
  });

  it('keeps blobs across reopening, and removes stale temp files of a crashed write', async () => {
    const dir = path.join(root, 'reopen');
    await createFsBlobStore(dir).put('doc.pdf', Buffer.from('pdf'), 'application/pdf');
    const stale = path.join(dir, 'tmp', 'crashed.tmp');
    fs.writeFileSync(stale, 'half');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(stale, old, old);
    const fresh = path.join(dir, 'tmp', 'in-progress.tmp');
    fs.writeFileSync(fresh, 'writing');

    const store = createFsBlobStore(dir);
    expect(await store.get('doc.pdf')).toMatchObject({ contentType: 'application/pdf', size: 3 });
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });
});
