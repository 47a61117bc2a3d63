import { randomUUID } from 'node:crypto';
import { readStoreContract } from '../../testing/contracts/readstore';
import { dropMongoDatabase, whenEngineConfigured } from '../../testing/helpers';
import { createMongoReadStore } from './mongo';

whenEngineConfigured('MONGODB_URL', 'MongoDB read store contract suite', (url) => {
  // A database per run keeps a shared server clean enough; collections are dropped per test.
  const dbName = `readstore_contract_${randomUUID().slice(0, 8)}`;
  readStoreContract(
    'mongodb',
    () => createMongoReadStore(url, dbName),
    () => dropMongoDatabase(url, dbName),
  );
});
