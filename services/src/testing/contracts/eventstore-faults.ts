import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../platform/eventstore/port';
import { faultyEventStore } from '../faults/eventstore';
import { retried } from '../faults/retried';
import { eachBehindSwitch, type FaultSwitch } from '../faults/switch';
import { freshEvent as event } from '../fresh-event';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(5);
  }
}

/**
 * The faults section of the EventStore contract: the adapter behind a fault-injecting wrapper that
 * goes down, stalls or flaps. What must hold: a refused append wrote nothing, a retried one writes
 * once, a dropped subscription says so and a new one from the last handled position misses nothing.
 */
export function eventStoreFaultContract(name: string, make: () => Promise<EventStore>): void {
  describe(`EventStore contract, faults: ${name}`, () => {
    let inner: EventStore;
    let faults: FaultSwitch;
    let store: EventStore;
    const stream = (label: string) => `faults_${label}-${randomUUID().replaceAll('-', '')}`;
    const ids = async (s: string) => (await inner.readStream(s)).map((e) => e.eventId);

    eachBehindSwitch('event store', make, faultyEventStore, (given) => {
      ({ inner, faults, wrapped: store } = given);
    });

    it('down: an append is refused as UNAVAILABLE and writes nothing; back up, the same append writes once', async () => {
      const s = stream('down');
      const events = [event('Opened'), event('Credited')];
      faults.down();
      await expect(store.append(s, events, { expectedRevision: 'no-stream' })).rejects.toMatchObject({
        code: 'UNAVAILABLE',
      });
      await expect(store.readStream(s)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
      expect(await ids(s)).toEqual([]);
      faults.up();
      await store.append(s, events, { expectedRevision: 'no-stream' });
      // A client that cannot tell whether its append landed sends it again: still once.
      await store.append(s, events, { expectedRevision: 'any' });
      expect(await ids(s)).toEqual(events.map((e) => e.eventId));
    });

    it('slow: calls stall and then complete, in order', async () => {
      const s = stream('slow');
      faults.slow(60);
      const started = Date.now();
      await store.append(s, [event('One')], { expectedRevision: 'no-stream' });
      await store.append(s, [event('Two')], { expectedRevision: 0 });
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['One', 'Two']);
      expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 60 - 5);
    });

    it('flapping: a writer that retries every refusal ends with each event exactly once, in order', async () => {
      const s = stream('flapping');
      const events = Array.from({ length: 8 }, (_, i) => event(`E${i}`));
      faults.flapping();
      let refusals = 0;
      for (const [i, e] of events.entries()) {
        const outcome = await retried(() =>
          store.append(s, [e], { expectedRevision: i === 0 ? 'no-stream' : i - 1 }),
        );
        refusals += outcome.refusals;
      }
      faults.up();
      expect(refusals).toBeGreaterThan(0);
      expect(await ids(s)).toEqual(events.map((e) => e.eventId));
    });

    it('a dropped subscription reports it; resubscribing after the last handled event misses and repeats nothing', async () => {
      const s = stream('drop');
      const from = (await inner.headPosition()) ?? 0;
      const handled: string[] = [];
      let last = from;
      let dropped: unknown;
      const handler = async (e: { streamName: string; eventId: string; position: number }) => {
        if (e.streamName === s) handled.push(e.eventId);
        last = e.position;
      };
      const first = store.subscribeToAll(
        {
          after: from,
          onError: (error) => {
            dropped = error;
          },
        },
        handler,
      );
      const before = [event('A'), event('B')];
      await store.append(s, before, { expectedRevision: 'no-stream' });
      await waitUntil(() => handled.length === 2);
      faults.down();
      await waitUntil(() => dropped !== undefined);
      expect(dropped).toMatchObject({ code: 'UNAVAILABLE' });
      // Meanwhile another process, whose connection is fine, goes on writing.
      const during = [event('C'), event('D')];
      await inner.append(s, during, { expectedRevision: 1 });
      await sleep(30);
      expect(handled).toHaveLength(2);
      faults.up();
      const second = store.subscribeToAll({ after: last }, handler);
      await waitUntil(() => handled.length >= 4);
      await sleep(30);
      expect(handled).toEqual([...before, ...during].map((e) => e.eventId));
      await first.stop();
      await second.stop();
    });
  });
}
