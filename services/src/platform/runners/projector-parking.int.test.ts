import type { RecordedEvent } from '@studio/events';
import { capturingLogger, eventually } from '../../testing/helpers';
import { openTickedFixture, tick } from '../../testing/runner-fixtures';
import { EngineUnavailableError } from '../faults/unavailable';
import type { ReadStore, WriteOp } from '../readstore/port';
import { listParkedEvents, PARKED_EVENTS, parkedRecord } from './parked-events';
import { parkedEventRetrier } from './parked-retrier';
import { PROJECTION_RETRY, type Projection, ProjectorRunner, type ProjectorRunnerOptions } from './projector';

const PARKED_AT = new Date('2026-11-22T08:00:00.000Z');

/**
 * Tallies the events it applies. An event listed in `broken` writes what the store refuses (an
 * increment of a text field), or, in `throwing`, makes the projection itself throw.
 */
function tally() {
  const broken = new Set<number>();
  const throwing = new Set<number>();
  const projection: Projection = {
    name: 'tally',
    collections: ['tally'],
    handles: ['Ticked'],
    project(e: RecordedEvent): WriteOp[] {
      const i = (e.data as { i: number }).i;
      if (throwing.has(i)) throw new Error(`cannot project ${i}`);
      if (broken.has(i)) return [{ op: 'update', collection: 'tally', id: 'all', inc: { label: 1 } }];
      return [
        {
          op: 'update',
          collection: 'tally',
          id: 'all',
          set: { label: 'ticks' },
          inc: { count: 1, [`seen.${i}`]: 1 },
          upsert: true,
        },
      ];
    },
  };
  return { projection, broken, throwing };
}

async function setUp(count: number) {
  const fixture = await openTickedFixture(count);
  const { events, reads } = fixture;
  const waits: number[] = [];
  // What the runner tells the operator, as JSON lines.
  const { logger, lines: logged } = capturingLogger<{
    level: number;
    msg: string;
    projection?: string;
    position?: number;
  }>('warn');
  /** Waits between tries are recorded, not slept, unless `options` says otherwise. */
  const run = (projection: Projection, store: ReadStore = reads, options: ProjectorRunnerOptions = {}) =>
    new ProjectorRunner(events, store, projection, logger, {
      now: () => PARKED_AT,
      sleep: async (ms) => {
        waits.push(ms);
      },
      ...options,
    });
  const seen = async () => {
    const doc = await reads.collection('tally').get('all');
    return Object.keys((doc?.seen as Record<string, number> | undefined) ?? {})
      .map(Number)
      .sort((a, b) => a - b);
  };
  const positionOf = async (i: number) => (await events.readStream(`tick-${i}`))[0]!.position;
  return { events, reads, run, waits, logged, seen, positionOf, close: fixture.dispose };
}

describe('projector runner, parking', () => {
  it('parks an event it cannot apply after the bounded tries, with the checkpoint past it, and goes on', async () => {
    const env = await setUp(5);
    try {
      const { projection, broken } = tally();
      broken.add(2);
      const runner = env.run(projection);
      // Catch-up at start-up: resolves, never rejects, because of one event.
      await runner.start();
      expect(runner.state).toBe('running');
      expect(await env.seen()).toEqual([0, 1, 3, 4]);
      expect(env.waits).toEqual([200, 400]);
      const position = await env.positionOf(2);
      expect(await listParkedEvents(env.reads)).toEqual([
        {
          _id: `tally@${position}`,
          reactor: 'tally',
          position,
          eventId: 'e2',
          type: 'Ticked',
          stream: 'tick-2',
          revision: 0,
          error: 'Cannot apply $inc to a value of non-numeric type at label',
          attempts: PROJECTION_RETRY.maxAttempts,
          parkedAt: PARKED_AT.toISOString(),
        },
      ]);
      const head = (await env.events.headPosition())!;
      expect(await env.reads.getCheckpoint('tally')).toBe(head);
      // The operator reads each try and the parking, with the projection and the event's position.
      expect(
        env.logged.map(({ level, msg, projection, position }) => ({ level, msg, projection, position })),
      ).toEqual([
        { level: 40, msg: 'projection failed on an event; trying again', projection: 'tally', position },
        { level: 40, msg: 'projection failed on an event; trying again', projection: 'tally', position },
        { level: 50, msg: 'projection parked an event it kept failing on', projection: 'tally', position },
      ]);
      await runner.stop();
    } finally {
      await env.close();
    }
  });

  it('a live event the projection throws on is parked and the events around it are applied once', async () => {
    const env = await setUp(1);
    try {
      const { projection, throwing } = tally();
      const runner = env.run(projection);
      await runner.start();
      throwing.add(6);
      const { position: last } = await env.events.append('tick-live', [tick(5), tick(6), tick(7)], {
        expectedRevision: 'no-stream',
      });
      await runner.waitFor(last);
      expect(await env.seen()).toEqual([0, 5, 7]);
      expect((await env.reads.collection('tally').get('all'))?.count).toBe(3);
      expect((await listParkedEvents(env.reads)).map((p) => [p.eventId, p.error])).toEqual([
        ['e6', 'cannot project 6'],
      ]);
      expect(await env.reads.getCheckpoint('tally')).toBe(last);
      expect(runner.state).toBe('running');
      await runner.stop();
    } finally {
      await env.close();
    }
  });

  it('reads paused while an event is tried again, and running once it is parked', async () => {
    const env = await setUp(2);
    try {
      const { projection, broken } = tally();
      broken.add(1);
      const states: string[] = [];
      const runner = env.run(projection, env.reads, {
        sleep: async () => {
          states.push(runner.state);
        },
      });
      await runner.start();
      expect(states).toEqual(['paused', 'paused']);
      // The parked event was the last one: nothing after it resets the state but the parking.
      expect(runner.state).toBe('running');
      await runner.stop();
    } finally {
      await env.close();
    }
  });

  it('a stop ends the wait between tries at once: the event is not tried again, nor parked', async () => {
    const env = await setUp(0);
    try {
      const { projection, broken } = tally();
      broken.add(1);
      // The real timer (no sleep given), with a wait far longer than the test: only the stop can end it.
      const runner = env.run(projection, env.reads, {
        sleep: undefined,
        retry: { maxAttempts: 3, baseDelayMs: 600_000, maxDelayMs: 600_000 },
      });
      await runner.start();
      await env.events.append('tick-0', [tick(0)], { expectedRevision: 'no-stream' });
      await env.events.append('tick-1', [tick(1)], { expectedRevision: 'no-stream' });
      await eventually(async () => runner.state === 'paused');
      await runner.stop();
      expect(runner.state).toBe('stopped');
      expect(await listParkedEvents(env.reads)).toEqual([]);
      expect(await env.seen()).toEqual([0]);
      expect(await env.reads.getCheckpoint('tally')).toBe(await env.positionOf(0));
    } finally {
      await env.close();
    }
  });

  it('an event that fails once is tried again in place and applied, nothing parked', async () => {
    const env = await setUp(3);
    try {
      const { projection, broken } = tally();
      broken.add(1);
      // The fault goes away while the runner waits before its second try.
      const runner = env.run(projection, env.reads, {
        sleep: async () => {
          broken.clear();
        },
      });
      await runner.start();
      expect(await env.seen()).toEqual([0, 1, 2]);
      expect(await env.reads.collection(PARKED_EVENTS).count()).toBe(0);
      await runner.stop();
    } finally {
      await env.close();
    }
  });

  it('a failure while the read store does not answer pauses the runner and parks nothing', async () => {
    const env = await setUp(0);
    try {
      let down = false;
      const outage = () => Promise.reject(new Error('connection reset'));
      const store: ReadStore = {
        ...env.reads,
        collection: (name) => env.reads.collection(name),
        apply: (ops, checkpoint) => (down ? outage() : env.reads.apply(ops, checkpoint)),
        getCheckpoint: (name) => (down ? outage() : env.reads.getCheckpoint(name)),
      };
      const runner = env.run(tally().projection, store);
      await runner.start();
      down = true;
      const { position } = await env.events.append('tick-0', [tick(0)], { expectedRevision: 'no-stream' });
      await eventually(async () => runner.state === 'paused');
      down = false;
      await runner.waitFor(position);
      expect(await env.seen()).toEqual([0]);
      expect(env.waits).toEqual([]);
      expect(await env.reads.collection(PARKED_EVENTS).count()).toBe(0);
      await eventually(async () => runner.state === 'running');
      await runner.stop();
    } finally {
      await env.close();
    }
  });

  it('an engine-unreachable error never counts as a try, even when the probe answers', async () => {
    const env = await setUp(0);
    try {
      let failures = 2;
      const store: ReadStore = {
        ...env.reads,
        collection: (name) => env.reads.collection(name),
        apply: (ops, checkpoint) =>
          failures-- > 0
            ? Promise.reject(new EngineUnavailableError('read store'))
            : env.reads.apply(ops, checkpoint),
      };
      const runner = env.run(tally().projection, store);
      await runner.start();
      const { position } = await env.events.append('tick-0', [tick(0)], { expectedRevision: 'no-stream' });
      await runner.waitFor(position);
      expect(await env.seen()).toEqual([0]);
      expect(env.waits).toEqual([]);
      expect(await env.reads.collection(PARKED_EVENTS).count()).toBe(0);
      await runner.stop();
    } finally {
      await env.close();
    }
  });

  it('an admin retry after the fix applies the parked event and removes its record in one transaction', async () => {
    const env = await setUp(4);
    try {
      const { projection, broken } = tally();
      broken.add(1);
      const runner = env.run(projection);
      await runner.start();
      const id = `tally@${await env.positionOf(1)}`;
      const retry = parkedEventRetrier({
        eventStore: env.events,
        readStore: env.reads,
        reactors: [],
        projections: [projection],
        now: () => PARKED_AT,
      });

      await expect(retry(id)).rejects.toMatchObject({ code: 'CONFLICT' });
      const [record] = await listParkedEvents(env.reads);
      expect(record).toMatchObject({ attempts: PROJECTION_RETRY.maxAttempts + 1 });
      expect(record?.lastRetriedAt).toBe(PARKED_AT.toISOString());
      expect(await env.seen()).toEqual([0, 2, 3]);

      broken.clear(); // the fault is fixed
      await retry(id);
      expect(await env.seen()).toEqual([0, 1, 2, 3]);
      expect((await env.reads.collection('tally').get('all'))?.count).toBe(4);
      expect(await env.reads.collection(PARKED_EVENTS).count()).toBe(0);
      await runner.stop();
    } finally {
      await env.close();
    }
  });

  it.each([
    ['with a bulk path', true],
    ['without a bulk path', false],
  ])(
    'a rebuild %s parks the event again, keeps every other one, and clears the records it replaces',
    async (_label, withBulk) => {
      const env = await setUp(4);
      try {
        const { projection, broken } = tally();
        broken.add(2);
        const store: ReadStore = withBulk ? env.reads : { ...env.reads, bulk: undefined };
        const runner = env.run(projection, store);
        await runner.start();
        // A record of another runner stays; one of this projection for an event now fixed goes.
        const other = parkedRecord('relay', (await env.events.readAll())[0]!, 'bus down', 12, PARKED_AT);
        const stale = { ...parkedRecord('tally', (await env.events.readAll())[3]!, 'old', 3, PARKED_AT) };
        await env.reads.apply([
          { op: 'put', collection: PARKED_EVENTS, doc: other },
          { op: 'put', collection: PARKED_EVENTS, doc: stale },
        ]);

        await runner.rebuild();
        expect(runner.state).toBe('running');
        expect(await env.seen()).toEqual([0, 1, 3]);
        // The bulk path gives up on the event it cannot stage and says which, then goes event by event.
        const fallback = env.logged.filter((line) => line.msg.startsWith('rebuild met'));
        expect(fallback).toEqual(
          withBulk
            ? [
                expect.objectContaining({
                  msg: 'rebuild met an event it cannot apply; replaying event by event instead',
                  projection: 'tally',
                  position: await env.positionOf(2),
                }),
              ]
            : [],
        );
        expect((await listParkedEvents(env.reads)).map((p) => p._id).sort()).toEqual(
          [other._id, `tally@${await env.positionOf(2)}`].sort(),
        );
        expect(await env.reads.getCheckpoint('tally')).toBe(await env.events.headPosition());

        broken.clear();
        await runner.rebuild();
        expect(await env.seen()).toEqual([0, 1, 2, 3]);
        expect((await listParkedEvents(env.reads)).map((p) => p._id)).toEqual([other._id]);
        await runner.stop();
      } finally {
        await env.close();
      }
    },
  );
});
