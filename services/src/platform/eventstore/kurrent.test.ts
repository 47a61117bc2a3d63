import { eventStoreContract } from './contract';
import { createKurrentEventStore } from './kurrent';

const url = process.env.KURRENTDB_URL;

if (url) {
  eventStoreContract('kurrentdb', async () => createKurrentEventStore(url));
} else {
  process.stdout.write(
    'skipped: KurrentDB contract suite — KURRENTDB_URL is not set (no KurrentDB server on this machine)\n',
  );
  describe.skip('EventStore contract: kurrentdb (needs KURRENTDB_URL)', () => {
    it('runs the event store contract against KurrentDB', () => {});
  });
}
