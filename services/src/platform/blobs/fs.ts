import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertBlobId, type BlobInfo, type BlobStore, type StoredBlob } from './port';

const DEFAULT_TYPE = 'application/octet-stream';
/** Temp files older than this are leftovers of a crash, not writes in progress. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * Blobs as plain files in a folder: `data/<id>` holds the bytes, `meta/<id>.json` the content type.
 * Each is written to a temp file, flushed and renamed into place, so a crash never leaves a partial
 * blob (at worst, between the two renames, new bytes with the previous content type).
 */
export function createFsBlobStore(dir: string): BlobStore {
  const dataDir = path.join(dir, 'data');
  const metaDir = path.join(dir, 'meta');
  const tempDir = path.join(dir, 'tmp');
  for (const d of [dataDir, metaDir, tempDir]) fs.mkdirSync(d, { recursive: true });
  removeStaleTemps(tempDir);

  const dataPath = (id: string) => path.join(dataDir, id);
  const metaPath = (id: string) => path.join(metaDir, `${id}.json`);

  async function writeAtomically(target: string, content: Buffer | string): Promise<void> {
    const temp = path.join(tempDir, `${randomUUID()}.tmp`);
    const handle = await fs.promises.open(temp, 'w');
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.promises.rename(temp, target);
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
  }

  async function contentTypeOf(id: string): Promise<string> {
    try {
      const meta = JSON.parse(await fs.promises.readFile(metaPath(id), 'utf8')) as { contentType?: unknown };
      return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_TYPE;
    } catch (error) {
      if (isNotFound(error)) return DEFAULT_TYPE;
      throw error;
    }
  }

  return {
    async put(id, data, contentType) {
      assertBlobId(id);
      await writeAtomically(dataPath(id), data);
      await writeAtomically(metaPath(id), JSON.stringify({ contentType }));
      return { id, contentType, size: data.length } satisfies BlobInfo;
    },

    async get(id) {
      assertBlobId(id);
      let data: Buffer;
      try {
        data = await fs.promises.readFile(dataPath(id));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      return { id, contentType: await contentTypeOf(id), size: data.length, data };
    },

    async stream(id) {
      assertBlobId(id);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(dataPath(id), 'r');
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      try {
        // Size from the open file, so it matches the bytes streamed even if the blob is replaced meanwhile.
        const { size } = await handle.stat();
        return { id, contentType: await contentTypeOf(id), size, stream: handle.createReadStream() };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(id) {
      assertBlobId(id);
      await fs.promises.rm(dataPath(id), { force: true });
      await fs.promises.rm(metaPath(id), { force: true });
    },

    async *list(before) {
      for await (const entry of await fs.promises.opendir(dataDir)) {
        if (!entry.isFile()) continue;
        let stat: fs.Stats;
        try {
          stat = await fs.promises.stat(dataPath(entry.name));
        } catch (error) {
          // Deleted since the folder was read.
          if (isNotFound(error)) continue;
          throw error;
        }
        if (stat.mtime < before)
          yield { id: entry.name, size: stat.size, writtenAt: stat.mtime } satisfies StoredBlob;
      }
    },

    async close() {},
  };
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

function removeStaleTemps(tempDir: string): void {
  const now = Date.now();
  for (const name of fs.readdirSync(tempDir)) {
    const file = path.join(tempDir, name);
    try {
      if (now - fs.statSync(file).mtimeMs > STALE_TEMP_MS) fs.rmSync(file, { force: true });
    } catch {
      // Another process may have just renamed or removed it.
    }
  }
}
