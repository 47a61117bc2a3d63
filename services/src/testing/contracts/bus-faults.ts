import { randomUUID } from 'node:crypto';
import type { Bus, ConsumerHandle } from '../../platform/bus/port';
import { faultyBus } from '../faults/bus';
import { retried } from '../faults/retried';
import { FaultSwitch } from '../faults/switch';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The faults section of the Bus contract: a publish the broker refused can be sent again, and a
 * consumer whose broker went away gets every message once it is back (at least once, in order per key).
 */
export function busFaultContract(
  name: string,
  make: () => Promise<Bus>,
  options: { waitMs?: number } = {},
): void {
  const waitMs = options.waitMs ?? 5000;
  const until = async (condition: () => boolean) => {
    const deadline = Date.now() + waitMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`condition not met within ${waitMs} ms`);
      await sleep(5);
    }
  };

  describe(`Bus contract, faults: ${name}`, () => {
    let inner: Bus;
    let faults: FaultSwitch;
    let bus: Bus;
    let handles: ConsumerHandle[];
    const unique = (label: string) => `${label}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

    beforeEach(async () => {
      inner = await make();
      faults = new FaultSwitch('bus');
      bus = faultyBus(inner, faults);
      handles = [];
    });
    afterEach(async () => {
      faults.up();
      for (const handle of handles) await handle.stop();
      await inner.close();
    });

    it('down: publishing is refused as UNAVAILABLE; consumers get every message once the broker is back', async () => {
      const topic = unique('down');
      const seen: number[] = [];
      handles.push(
        await bus.subscribe<{ seq: number }>(topic, unique('g'), async (m) => void seen.push(m.value.seq), {
          retryDelayMs: 20,
        }),
      );
      await bus.publish(topic, [{ key: 'k', value: { seq: 0 } }]);
      await until(() => seen.length === 1);
      faults.down();
      await expect(bus.publish(topic, [{ key: 'k', value: { seq: 1 } }])).rejects.toMatchObject({
        code: 'UNAVAILABLE',
      });
      // Published by a process whose connection is fine, while this consumer's broker is away.
      await inner.publish(topic, [
        { key: 'k', value: { seq: 1 } },
        { key: 'k', value: { seq: 2 } },
      ]);
      await sleep(60);
      expect(seen).toEqual([0]);
      faults.up();
      await until(() => new Set(seen).size === 3);
      expect([...new Set(seen)]).toEqual([0, 1, 2]);
    });

    it('slow: a publish stalls and is then delivered', async () => {
      const topic = unique('slow');
      const seen: number[] = [];
      handles.push(
        await bus.subscribe<{ seq: number }>(topic, unique('g'), async (m) => void seen.push(m.value.seq)),
      );
      faults.slow(60);
      const started = Date.now();
      await bus.publish(topic, [{ key: 'k', value: { seq: 7 } }]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(55);
      await until(() => seen.length === 1);
      expect(seen).toEqual([7]);
    });

    it('flapping: a publisher that retries each refusal loses nothing and keeps each key in order', async () => {
      const topic = unique('flapping');
      const seen: number[] = [];
      handles.push(
        await inner.subscribe<{ seq: number }>(topic, unique('g'), async (m) => void seen.push(m.value.seq)),
      );
      faults.flapping();
      let refusals = 0;
      for (let seq = 0; seq < 6; seq++) {
        refusals += (await retried(() => bus.publish(topic, [{ key: 'k', value: { seq } }]))).refusals;
      }
      faults.up();
      expect(refusals).toBeGreaterThan(0);
      await until(() => new Set(seen).size === 6);
      expect([...new Set(seen)]).toEqual([0, 1, 2, 3, 4, 5]);
    });
  });
}
