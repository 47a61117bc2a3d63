import type { Readable } from 'node:stream';
import { GridFSBucket, type GridFSFile, MongoClient, MongoRuntimeError, type ObjectId } from 'mongodb';
import { assertBlobId, type BlobInfo, type BlobStore, type StoredBlob } from './port';

const DEFAULT_TYPE = 'application/octet-stream';

/**
 * Blobs in MongoDB GridFS (bucket "blobs"): filename = blob id, metadata.contentType. A put uploads
 * a new file and then removes the older versions, so readers always find a complete newest one.
 */
export async function createGridFsBlobStore(url: string, dbName?: string): Promise<BlobStore> {
  const client = await MongoClient.connect(url);
  const db = client.db(dbName);
  const bucket = new GridFSBucket(db, { bucketName: 'blobs' });

  const versions = (id: string) =>
    bucket.find({ filename: id }, { sort: { uploadDate: -1, _id: -1 } }).toArray();
  const newest = async (id: string) =>
    (await bucket.find({ filename: id }, { sort: { uploadDate: -1, _id: -1 }, limit: 1 }).toArray())[0];
  const info = (file: GridFSFile): BlobInfo => ({
    id: file.filename,
    contentType: typeof file.metadata?.contentType === 'string' ? file.metadata.contentType : DEFAULT_TYPE,
    size: file.length,
  });

  async function remove(fileId: ObjectId): Promise<void> {
    try {
      await bucket.delete(fileId);
    } catch (error) {
      // Removed concurrently by another put or delete: the outcome we wanted.
      if (!(error instanceof MongoRuntimeError && error.message.startsWith('File not found'))) throw error;
    }
  }

  return {
    async put(id, data, contentType) {
      assertBlobId(id);
      const upload = bucket.openUploadStream(id, { metadata: { contentType } });
      await new Promise<void>((resolve, reject) => {
        upload.once('finish', () => resolve());
        upload.once('error', reject);
        upload.end(data);
      });
      for (const file of await versions(id)) {
        if (!file._id.equals(upload.id)) await remove(file._id);
      }
      return { id, contentType, size: data.length };
    },

    async get(id) {
      assertBlobId(id);
      const file = await newest(id);
      if (!file) return null;
      const data = await collect(bucket.openDownloadStream(file._id));
      return { ...info(file), data };
    },

    async stream(id) {
      assertBlobId(id);
      const file = await newest(id);
      if (!file) return null;
      return { ...info(file), stream: bucket.openDownloadStream(file._id) };
    },

    async delete(id) {
      assertBlobId(id);
      for (const file of await versions(id)) await remove(file._id);
    },

    async *list(before) {
      // Judged by each id's newest version: an id being written again is not listed.
      const newest = db.collection<GridFSFile>('blobs.files').aggregate<{
        _id: string;
        writtenAt: Date;
        size: number;
      }>([
        { $sort: { filename: 1, uploadDate: 1 } },
        { $group: { _id: '$filename', writtenAt: { $last: '$uploadDate' }, size: { $last: '$length' } } },
        { $match: { writtenAt: { $lt: before } } },
      ]);
      for await (const file of newest)
        yield { id: file._id, size: file.size, writtenAt: file.writtenAt } satisfies StoredBlob;
    },

    async close() {
      await client.close();
    },
  };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
