import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { blobStoreContract } from './contract';
import { createGridFsBlobStore } from './gridfs';

const url = process.env.MONGODB_URL;

if (url) {
  const dbName = `blobs_contract_${randomUUID().slice(0, 8)}`;
  blobStoreContract(
    'gridfs',
    () => createGridFsBlobStore(url, dbName),
    () => dropDatabase(url, dbName),
  );
} else {
  process.stdout.write(
    'skipped: GridFS blob store contract suite — MONGODB_URL is not set (no MongoDB server on this machine)\n',
  );
  describe.skip('BlobStore contract: gridfs (needs MONGODB_URL)', () => {
    it('runs the blob store contract against MongoDB GridFS', () => {});
  });
}

async function dropDatabase(mongoUrl: string, name: string): Promise<void> {
  const client = await MongoClient.connect(mongoUrl);
  try {
    await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}
