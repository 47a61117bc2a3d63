import { randomUUID } from 'node:crypto';
import type { Bus, ConsumeOptions, ConsumerHandle, DeliveredMessage } from '../../platform/bus/port';
import { expectStopToWaitForHandler } from '../helpers';
import { busFaultContract } from './bus-faults';

interface Value {
  key: string;
  seq: number;
}

/**
 * The behaviour every Bus adapter must have: at-least-once delivery to each consumer group, in
 * order per key, redelivery of a failed message before any later message of its key. Topics and
 * groups are unique per test so the suite can run against a shared broker. `waitMs` bounds every
 * wait (a real broker needs seconds to rebalance a group).
 */
export function busContract(
  name: string,
  make: () => Promise<Bus>,
  cleanup?: () => Promise<void>,
  options: { waitMs?: number } = {},
): void {
  const waitMs = options.waitMs ?? 5000;

  describe(`Bus contract: ${name}`, () => {
    let bus: Bus;
    let handles: ConsumerHandle[] = [];
    const unique = (label: string) => `${label}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const subscribe = async <T>(
      topic: string,
      groupId: string,
      handler: (message: DeliveredMessage<T>) => Promise<void>,
      consume?: ConsumeOptions,
    ) => {
      const handle = await bus.subscribe<T>(topic, groupId, handler, consume);
      handles.push(handle);
      return handle;
    };
    const until = (condition: () => boolean) => waitUntil(condition, waitMs);

    beforeEach(async () => {
      bus = await make();
      handles = [];
    });
    afterEach(async () => {
      await Promise.all(handles.map((h) => h.stop()));
      await bus.close();
    });
    if (cleanup) afterAll(cleanup);

    it('delivers messages published before and after subscribing, with key, value, headers and topic', async () => {
      const topic = unique('deliver');
      await bus.publish(topic, [
        { key: 'a', value: { n: 1, nested: [true, null] }, headers: { trace: 't1' } },
      ]);
      const seen: DeliveredMessage<{ n: number }>[] = [];
      await subscribe(topic, unique('g'), async (m: DeliveredMessage<{ n: number }>) => {
        seen.push(m);
      });
      await bus.publish(topic, [
        { key: 'b', value: { n: 2 } },
        { key: 'a', value: { n: 3 } },
      ]);
      await until(() => seen.length === 3);
      const first = seen.find((m) => m.value.n === 1);
      expect(first).toMatchObject({
        topic,
        key: 'a',
        value: { n: 1, nested: [true, null] },
        headers: { trace: 't1' },
      });
      expect(typeof first?.offset).toBe('string');
      expect(seen.map((m) => m.value.n).sort()).toEqual([1, 2, 3]);
      expect(seen.filter((m) => m.key === 'a').map((m) => m.value.n)).toEqual([1, 3]);
    });

    it('gives every consumer group every message', async () => {
      const topic = unique('groups');
      const byGroup = new Map<string, number[]>();
      for (const group of [unique('ga'), unique('gb')]) {
        const list: number[] = [];
        byGroup.set(group, list);
        await subscribe(topic, group, async (m: DeliveredMessage<Value>) => {
          list.push(m.value.seq);
        });
      }
      await bus.publish(topic, messages(['x', 'y', 'z'], 4));
      await until(() => [...byGroup.values()].every((list) => list.length === 12));
      for (const list of byGroup.values()) expect([...list].sort((a, b) => a - b)).toEqual(range(12));
    });

    it('splits a group between its consumers, each message handled once', async () => {
      const topic = unique('split');
      const group = unique('g');
      const handled: Record<'one' | 'two', number[]> = { one: [], two: [] };
      for (const who of ['one', 'two'] as const) {
        await subscribe(topic, group, async (m: DeliveredMessage<Value>) => {
          handled[who].push(m.value.seq);
        });
      }
      const keys = Array.from({ length: 40 }, (_, i) => `key-${i}`);
      await bus.publish(topic, messages(keys, 1));
      await until(() => handled.one.length + handled.two.length >= 40);
      await sleep(100);
      expect([...handled.one, ...handled.two].sort((a, b) => a - b)).toEqual(range(40));
      expect(handled.one.length).toBeGreaterThan(0);
      expect(handled.two.length).toBeGreaterThan(0);
    });

    it('keeps per-key order while handling keys concurrently', async () => {
      const topic = unique('order');
      const keys = ['k0', 'k1', 'k2', 'k3', 'k4', 'k5'];
      const seen = new Map<string, number[]>(keys.map((k) => [k, []]));
      let running = 0;
      let maxRunning = 0;
      await subscribe(
        topic,
        unique('g'),
        async (m: DeliveredMessage<Value>) => {
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          await sleep(Math.random() * 4);
          seen.get(m.key)?.push(m.value.seq);
          running -= 1;
        },
        { concurrency: 4 },
      );
      const batch = messages(keys, 15);
      await bus.publish(topic, batch.slice(0, 45));
      await bus.publish(topic, batch.slice(45));
      await until(() => [...seen.values()].every((list) => list.length === 15));
      for (const key of keys) {
        const expected = batch.filter((m) => m.key === key).map((m) => m.value.seq);
        expect(seen.get(key)).toEqual(expected);
      }
      expect(maxRunning).toBeLessThanOrEqual(4);
    });

    it('redelivers a failed message after the back-off, holding back later messages of its key', async () => {
      const topic = unique('retry');
      const calls: { seq: number; at: number }[] = [];
      let failures = 0;
      await subscribe(
        topic,
        unique('g'),
        async (m: DeliveredMessage<Value>) => {
          calls.push({ seq: m.value.seq, at: Date.now() });
          if (m.value.seq === 0 && failures < 2) {
            failures += 1;
            throw new Error('transient failure');
          }
        },
        { retryDelayMs: 40 },
      );
      await bus.publish(topic, messages(['same'], 3));
      await until(() => calls.length === 5);
      expect(calls.map((c) => c.seq)).toEqual([0, 0, 0, 1, 2]);
      const [first, second] = calls;
      expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(30);
      await sleep(100);
      expect(calls).toHaveLength(5);
    });

    it('stops: waits for the running handler, then delivers nothing more to that consumer', async () => {
      const topic = unique('stop');
      const group = unique('g');
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const seen: number[] = [];
      let finished = false;
      const handle = await subscribe(topic, group, async (m: DeliveredMessage<Value>) => {
        seen.push(m.value.seq);
        await gate;
        finished = true;
      });
      await bus.publish(topic, messages(['k'], 1));
      await until(() => seen.length === 1);
      await expectStopToWaitForHandler(() => handle.stop(), release);
      expect(finished).toBe(true);

      await bus.publish(topic, [{ key: 'k', value: { key: 'k', seq: 1 } }]);
      await sleep(150);
      expect(seen).toEqual([0]);

      // The group resumes after the last handled message with its next consumer.
      const later: number[] = [];
      await subscribe(topic, group, async (m: DeliveredMessage<Value>) => {
        later.push(m.value.seq);
      });
      await until(() => later.length === 1);
      await sleep(50);
      expect(later).toEqual([1]);
    });
    // The same expectations, with the broker failing, stalling or flapping under a fault-injecting wrapper.
    busFaultContract(name, make, { waitMs });
  });
}

function messages(keys: string[], perKey: number): { key: string; value: Value }[] {
  const out: { key: string; value: Value }[] = [];
  for (let i = 0; i < perKey; i += 1) {
    for (const key of keys) out.push({ key, value: { key, seq: out.length } });
  }
  return out;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(5);
  }
}
