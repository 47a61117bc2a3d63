import { busContract } from '../../testing/contracts/bus';
import { createMemoryBus } from './memory';
import type { DeliveredMessage } from './port';

busContract('memory', async () => createMemoryBus());

describe('memory bus', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const waitUntil = async (condition: () => boolean) => {
    const deadline = Date.now() + 2000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await sleep(2);
    }
  };

  it('really runs different keys concurrently, up to the limit', async () => {
    const bus = createMemoryBus();
    let running = 0;
    let maxRunning = 0;
    let done = 0;
    await bus.subscribe(
      't',
      'g',
      async () => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await sleep(10);
        running -= 1;
        done += 1;
      },
      { concurrency: 3 },
    );
    await bus.publish(
      't',
      Array.from({ length: 24 }, (_, i) => ({ key: `key-${i}`, value: i })),
    );
    await waitUntil(() => done === 24);
    expect(maxRunning).toBe(3);
    await bus.close();
  });

  it('does not let a failing key hold back keys of other partitions', async () => {
    const bus = createMemoryBus();
    const seen: string[] = [];
    await bus.subscribe(
      't',
      'g',
      async (m: DeliveredMessage<string>) => {
        if (m.key === 'poison') throw new Error('always fails');
        seen.push(m.key);
      },
      { concurrency: 2, retryDelayMs: 5 },
    );
    const others = Array.from({ length: 20 }, (_, i) => `key-${i}`);
    await bus.publish('t', [{ key: 'poison', value: 'x' }, ...others.map((key) => ({ key, value: key }))]);
    // Keys that share the poison key's partition wait behind it; all the others get through.
    await waitUntil(() => seen.length >= 10);
    expect(seen).not.toContain('poison');
    await bus.close();
  });

  it('rejects values that cannot be serialized, and use after close', async () => {
    const bus = createMemoryBus();
    await expect(bus.publish('t', [{ key: 'k', value: 10n }])).rejects.toThrow();
    await bus.close();
    await expect(bus.publish('t', [{ key: 'k', value: 1 }])).rejects.toThrow('closed');
  });

  it('hands each delivery its own copy of the value', async () => {
    const bus = createMemoryBus();
    const values: { list: number[] }[] = [];
    for (const group of ['a', 'b']) {
      await bus.subscribe('t', group, async (m: DeliveredMessage<{ list: number[] }>) => {
        m.value.list.push(values.length);
        values.push(m.value);
      });
    }
    const original = { list: [0] };
    await bus.publish('t', [{ key: 'k', value: original }]);
    await waitUntil(() => values.length === 2);
    expect(original).toEqual({ list: [0] });
    expect(values[0]).not.toBe(values[1]);
    await bus.close();
  });
});
