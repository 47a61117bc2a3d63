import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { readStoreContract } from './contract';
import { createMongoReadStore } from './mongo';

const url = process.env.MONGODB_URL;

if (url) {
  // A database per run keeps a shared server clean enough; collections are dropped per test.
  const dbName = `readstore_contract_${randomUUID().slice(0, 8)}`;
  readStoreContract(
    'mongodb',
    () => createMongoReadStore(url, dbName),
    () => dropDatabase(url, dbName),
  );
} else {
  process.stdout.write(
    'skipped: MongoDB read store contract suite — MONGODB_URL is not set (no MongoDB server on this machine)\n',
  );
  describe.skip('ReadStore contract: mongodb (needs MONGODB_URL)', () => {
    it('runs the read store contract against MongoDB', () => {});
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
