import { randomUUID } from 'node:crypto';
import { blobStoreContract } from '../../testing/contracts/blobs';
import { dropMongoDatabase, whenEngineConfigured } from '../../testing/helpers';
import { createGridFsBlobStore } from './gridfs';

whenEngineConfigured('MONGODB_URL', 'GridFS blob store contract suite', (url) => {
  const dbName = `blobs_contract_${randomUUID().slice(0, 8)}`;
  blobStoreContract(
    'gridfs',
    () => createGridFsBlobStore(url, dbName),
    () => dropMongoDatabase(url, dbName),
  );
});
