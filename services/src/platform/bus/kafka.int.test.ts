import { busContract } from '../../testing/contracts/bus';
import { whenEngineConfigured } from '../../testing/helpers';
import { createKafkaBus } from './kafka';

whenEngineConfigured('KAFKA_BROKERS', 'Kafka bus contract suite', (list) => {
  const brokers = list
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  jest.setTimeout(120_000);
  // Group rebalances make Kafka slower to deliver than the in-process bus.
  busContract('kafka', async () => createKafkaBus({ brokers, clientId: 'bus-contract' }), undefined, {
    waitMs: 60_000,
  });
});
