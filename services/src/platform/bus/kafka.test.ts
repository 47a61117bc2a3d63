import { busContract } from './contract';
import { createKafkaBus } from './kafka';

const brokers = (process.env.KAFKA_BROKERS ?? '')
  .split(',')
  .map((b) => b.trim())
  .filter(Boolean);

if (brokers.length > 0) {
  jest.setTimeout(120_000);
  busContract('kafka', async () => createKafkaBus({ brokers, clientId: 'bus-contract' }), undefined, {
    waitMs: 60_000,
  });
} else {
  process.stdout.write(
    'skipped: Kafka bus contract suite — KAFKA_BROKERS is not set (no Kafka broker on this machine)\n',
  );
  describe.skip('Bus contract: kafka (needs KAFKA_BROKERS)', () => {
    it('runs the bus contract against Kafka', () => {});
  });
}
