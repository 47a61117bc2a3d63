import { randomUUID } from 'node:crypto';
import { busContract } from '../../testing/contracts/bus';
import { eventually, whenEngineConfigured } from '../../testing/helpers';
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

  const unique = (label: string) => `${label}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

  describe('Kafka bus: a message republished', () => {
    it('drops a republished message with the same id (the relay after a crash, a new producer), delivers a new id', async () => {
      const topic = unique('dedupe');
      const consuming = createKafkaBus({ brokers, clientId: 'dedupe-consumer' });
      const seen: number[] = [];
      const handle = await consuming.subscribe<{ seq: number }>(topic, unique('g'), async (m) => {
        seen.push(m.value.seq);
      });
      try {
        for (const seqs of [[1], [1, 2]]) {
          // A relay process that publishes, "crashes", and a new one that republishes from its checkpoint.
          const relay = createKafkaBus({ brokers, clientId: 'relay' });
          await relay.publish(
            topic,
            seqs.map((seq) => ({ key: 'k', value: { seq }, id: `event-${seq}:jobs:0` })),
          );
          await relay.close();
        }
        // An end marker behind them (same key, so same partition and order): nothing else is on its way.
        const end = createKafkaBus({ brokers, clientId: 'end' });
        await end.publish(topic, [{ key: 'k', value: { seq: END } }]);
        await end.close();
        await eventually(async () => seen.includes(END), 20_000);
        expect(seen).toEqual([1, 2, END]);
      } finally {
        await handle.stop();
        await consuming.close();
      }
    });
  });
});

const END = -1;
