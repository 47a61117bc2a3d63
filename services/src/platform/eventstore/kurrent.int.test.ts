import { eventStoreContract } from '../../testing/contracts/eventstore';
import { whenEngineConfigured } from '../../testing/helpers';
import { createKurrentEventStore } from './kurrent';

whenEngineConfigured('KURRENTDB_URL', 'KurrentDB contract suite', (url) => {
  eventStoreContract('kurrentdb', async () => createKurrentEventStore(url));
});
