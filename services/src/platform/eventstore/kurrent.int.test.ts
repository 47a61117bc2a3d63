import { whenEngineConfigured } from '../testing';
import { eventStoreContract } from './contract';
import { createKurrentEventStore } from './kurrent';

whenEngineConfigured('KURRENTDB_URL', 'KurrentDB contract suite', (url) => {
  eventStoreContract('kurrentdb', async () => createKurrentEventStore(url));
});
