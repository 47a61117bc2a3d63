import { randomUUID } from 'node:crypto';
import type { Event, RecordedEvent } from '@studio/events';
import { type EventStore, WrongExpectedRevisionError } from '../../platform/eventstore/port';
import { freshEvent as event } from '../fresh-event';
import { expectStopToWaitForHandler } from '../helpers';
import { eventStoreFaultContract } from './eventstore-faults';

/**
 * The behaviour every EventStore adapter must have. Stream names are unique per test and reads of
 * $all are bounded by positions taken during the test, so the suite can run against a shared server.
 */
export function eventStoreContract(
  name: string,
  make: () => Promise<EventStore>,
  cleanup?: () => Promise<void>,
): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    const stream = (label: string) => `contract_${label}-${randomUUID().replaceAll('-', '')}`;

    beforeEach(async () => {
      store = await make();
    });
    afterEach(async () => {
      await store.close();
    });
    if (cleanup) afterAll(cleanup);

    /** Position before the test's first append, so $all reads can be bounded. */
    const start = async () => (await store.headPosition()) ?? 0;
    const ofStreams = (events: RecordedEvent[], ...names: string[]) =>
      events.filter((e) => names.includes(e.streamName));

    describe('append', () => {
      it('creates a stream with no-stream and returns the next expected revision', async () => {
        const s = stream('create');
        const events = [event('Opened', { n: 1 }), event('Credited', { n: 2, nested: { ok: true } })];
        const result = await store.append(s, events, { expectedRevision: 'no-stream' });
        expect(result.nextExpectedRevision).toBe(1);

        const read = await store.readStream(s);
        expect(read.map((e) => e.revision)).toEqual([0, 1]);
        expect(read.map(strip)).toEqual(events);
        expect(read.every((e) => e.streamName === s)).toBe(true);
        expect(read[1]?.position).toBe(result.position);
      });

      it('rejects no-stream on an existing stream and appends nothing', async () => {
        const s = stream('exists');
        await store.append(s, [event('A')], { expectedRevision: 'no-stream' });
        const error = await store.append(s, [event('B')], { expectedRevision: 'no-stream' }).catch((e) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ streamName: s, expected: 'no-stream', actual: 0 });
        expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A']);
      });

      it('appends at the exact expected revision and rejects a stale one, appending nothing', async () => {
        const s = stream('exact');
        const first = await store.append(s, [event('A'), event('B')], { expectedRevision: 'no-stream' });
        const second = await store.append(s, [event('C')], { expectedRevision: first.nextExpectedRevision });
        expect(second.nextExpectedRevision).toBe(2);
        expect(second.position).toBeGreaterThan(first.position);

        const stale = await store
          .append(s, [event('D'), event('E')], { expectedRevision: 1 })
          .catch((e) => e);
        expect(stale).toBeInstanceOf(WrongExpectedRevisionError);
        expect(stale).toMatchObject({ streamName: s, expected: 1, actual: 2 });
        const ahead = await store.append(s, [event('D')], { expectedRevision: 5 }).catch((e) => e);
        expect(ahead).toBeInstanceOf(WrongExpectedRevisionError);
        expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      });

      it('rejects an exact revision on a missing stream', async () => {
        const s = stream('missing');
        const error = await store.append(s, [event('A')], { expectedRevision: 0 }).catch((e) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ expected: 0, actual: 'no-stream' });
        expect(await store.readStream(s)).toEqual([]);
      });

      it('appends with any to new and existing streams', async () => {
        const s = stream('any');
        expect((await store.append(s, [event('A')], { expectedRevision: 'any' })).nextExpectedRevision).toBe(
          0,
        );
        expect((await store.append(s, [event('B')], { expectedRevision: 'any' })).nextExpectedRevision).toBe(
          1,
        );
        expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'B']);
      });

      it('keeps the events of one append together, in order, with consecutive revisions', async () => {
        const s = stream('atomic');
        const before = await start();
        const batch = (tag: string) => Array.from({ length: 5 }, (_, i) => event(`${tag}${i}`));
        await Promise.all([
          store.append(s, batch('x'), { expectedRevision: 'any' }),
          store.append(s, batch('y'), { expectedRevision: 'any' }),
        ]);
        const types = (await store.readStream(s)).map((e) => e.type).join(',');
        expect(['x0,x1,x2,x3,x4,y0,y1,y2,y3,y4', 'y0,y1,y2,y3,y4,x0,x1,x2,x3,x4']).toContain(types);
        const inAll = ofStreams(await store.readAll({ after: before }), s);
        expect(inAll.map((e) => e.type).join(',')).toBe(types);
      });

      it('treats re-appending the same event ids at the same place as a no-op', async () => {
        const s = stream('idempotent');
        const events = [event('A'), event('B')];
        const original = await store.append(s, events, { expectedRevision: 'no-stream' });
        expect(await store.append(s, events, { expectedRevision: 'no-stream' })).toEqual(original);

        const next = [event('C')];
        const third = await store.append(s, next, { expectedRevision: 1 });
        expect(await store.append(s, next, { expectedRevision: 1 })).toEqual(third);
        // A retry that arrives after later appends still finds its events where it put them.
        await store.append(s, [event('D')], { expectedRevision: 2 });
        expect(await store.append(s, events, { expectedRevision: 'no-stream' })).toEqual(original);

        expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
      });

      it('lets exactly one of several concurrent appends with the same expected revision win', async () => {
        const s = stream('race');
        await store.append(s, [event('A')], { expectedRevision: 'no-stream' });
        const results = await Promise.allSettled(
          Array.from({ length: 5 }, (_, i) => store.append(s, [event(`B${i}`)], { expectedRevision: 0 })),
        );
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(4);
        for (const r of lost) expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(s)).toHaveLength(2);

        const fresh = stream('race-new');
        const creations = await Promise.allSettled(
          [1, 2, 3].map((i) => store.append(fresh, [event(`N${i}`)], { expectedRevision: 'no-stream' })),
        );
        expect(creations.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(fresh)).toHaveLength(1);
      });
    });

    describe('reads', () => {
      it('returns [] for a missing stream', async () => {
        expect(await store.readStream(stream('nothing'))).toEqual([]);
      });

      it('reads a stream from a revision', async () => {
        const s = stream('from');
        await store.append(
          s,
          ['A', 'B', 'C', 'D'].map((t) => event(t)),
          { expectedRevision: 'no-stream' },
        );
        expect((await store.readStream(s, { fromRevision: 2 })).map((e) => [e.type, e.revision])).toEqual([
          ['C', 2],
          ['D', 3],
        ]);
        expect(await store.readStream(s, { fromRevision: 4 })).toEqual([]);
        expect(await store.readStream(s, { fromRevision: 0 })).toEqual(await store.readStream(s));
        expect(await store.readStream(stream('from-nothing'), { fromRevision: 3 })).toEqual([]);
      });

      it('reads all streams in global order, strictly after a position, with a limit', async () => {
        const before = await start();
        const a = stream('all-a');
        const b = stream('all-b');
        await store.append(a, [event('a0'), event('a1')], { expectedRevision: 'no-stream' });
        await store.append(b, [event('b0')], { expectedRevision: 'no-stream' });
        const last = await store.append(a, [event('a2')], { expectedRevision: 1 });

        const all = ofStreams(await store.readAll({ after: before }), a, b);
        expect(all.map((e) => e.type)).toEqual(['a0', 'a1', 'b0', 'a2']);
        const positions = all.map((e) => e.position);
        for (let i = 1; i < positions.length; i += 1)
          expect(positions[i]).toBeGreaterThan(positions[i - 1] ?? 0);
        expect(all.at(-1)?.position).toBe(last.position);
        expect(all.map((e) => [e.streamName, e.revision])).toEqual([
          [a, 0],
          [a, 1],
          [b, 0],
          [a, 2],
        ]);

        const page = await store.readAll({ after: before, limit: 2 });
        expect(page).toHaveLength(2);
        expect(page[0]?.position).toBeGreaterThan(before);
        // `after` is exclusive: paging from the last seen position neither repeats nor skips.
        const second = all[1];
        if (!second) throw new Error('missing event');
        const rest = ofStreams(await store.readAll({ after: second.position }), a, b);
        expect(rest.map((e) => e.type)).toEqual(['b0', 'a2']);
        expect(ofStreams(await store.readAll({ after: last.position }), a, b)).toEqual([]);
      });

      it('reports the head position', async () => {
        const result = await store.append(stream('head'), [event('A'), event('B')], {
          expectedRevision: 'any',
        });
        expect(await store.headPosition()).toBe(result.position);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up from a checkpoint (exclusive), then delivers live events in order', async () => {
        const s = stream('sub');
        const other = stream('sub-other');
        await store.append(s, [event('before')], { expectedRevision: 'no-stream' });
        const checkpoint = await store.append(s, [event('at')], { expectedRevision: 0 });
        await store.append(s, [event('c1'), event('c2')], { expectedRevision: 1 });
        await store.append(other, [event('c3')], { expectedRevision: 'no-stream' });

        const seen: RecordedEvent[] = [];
        const sub = store.subscribeToAll({ after: checkpoint.position }, async (e) => {
          seen.push(e);
        });
        try {
          await sub.caughtUp;
          expect(ofStreams(seen, s, other).map((e) => e.type)).toEqual(['c1', 'c2', 'c3']);

          await store.append(s, [event('l1')], { expectedRevision: 3 });
          await store.append(other, [event('l2'), event('l3')], { expectedRevision: 0 });
          await waitUntil(() => ofStreams(seen, s, other).length === 6);
          expect(ofStreams(seen, s, other).map((e) => e.type)).toEqual(['c1', 'c2', 'c3', 'l1', 'l2', 'l3']);
          const positions = seen.map((e) => e.position);
          for (let i = 1; i < positions.length; i += 1)
            expect(positions[i]).toBeGreaterThan(positions[i - 1] ?? 0);
          expect(seen.every((e) => e.position > checkpoint.position)).toBe(true);
        } finally {
          await sub.stop();
        }
      });

      it('calls the handler one event at a time, in order, even when it is slow', async () => {
        const s = stream('serial');
        const before = await start();
        let running = 0;
        let maxRunning = 0;
        const seen: string[] = [];
        const sub = store.subscribeToAll({ after: before }, async (e) => {
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          await sleep(Math.random() * 3);
          if (e.streamName === s) seen.push(e.type);
          running -= 1;
        });
        try {
          for (let i = 0; i < 10; i += 1) {
            await store.append(s, [event(`e${i}`), event(`f${i}`)], { expectedRevision: 'any' });
          }
          await waitUntil(() => seen.length === 20);
          expect(seen).toEqual(Array.from({ length: 10 }, (_, i) => [`e${i}`, `f${i}`]).flat());
          expect(maxRunning).toBe(1);
        } finally {
          await sub.stop();
        }
      });

      it('stops delivering after stop(), which waits for the running handler', async () => {
        const s = stream('stop');
        const before = await start();
        let release: () => void = () => {};
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        const seen: string[] = [];
        let handlerDone = false;
        const sub = store.subscribeToAll({ after: before }, async (e) => {
          if (e.streamName !== s) return;
          seen.push(e.type);
          if (e.type === 'slow') {
            await gate;
            handlerDone = true;
          }
        });
        await store.append(s, [event('slow')], { expectedRevision: 'no-stream' });
        await waitUntil(() => seen.length === 1);

        await expectStopToWaitForHandler(() => sub.stop(), release);
        expect(handlerDone).toBe(true);

        await store.append(s, [event('after-stop')], { expectedRevision: 0 });
        await sleep(150);
        expect(seen).toEqual(['slow']);
      });

      it('reports a failing handler through onError and stops', async () => {
        const s = stream('fail');
        const before = await start();
        const seen: string[] = [];
        const failure = new Error('handler broke');
        let reported: unknown;
        const sub = store.subscribeToAll(
          {
            after: before,
            onError: (error) => {
              reported = error;
            },
          },
          async (e) => {
            if (e.streamName !== s) return;
            seen.push(e.type);
            if (e.type === 'bad') throw failure;
          },
        );
        await store.append(s, [event('ok'), event('bad'), event('never')], { expectedRevision: 'no-stream' });
        await waitUntil(() => reported !== undefined);
        expect(reported).toBe(failure);
        await sleep(50);
        expect(seen).toEqual(['ok', 'bad']);
        await sub.stop();
      });
    });
    // The same expectations, with the engine failing, stalling or flapping under a fault-injecting wrapper.
    eventStoreFaultContract(name, make);
  });
}

function strip(e: RecordedEvent): Event {
  return { eventId: e.eventId, type: e.type, data: e.data, metadata: e.metadata };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until the condition holds; fails the test after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(5);
  }
}
