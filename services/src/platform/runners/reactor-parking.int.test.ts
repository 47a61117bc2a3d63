import type { RecordedEvent } from '@studio/events';
import { eventually } from '../../testing/helpers';
import { openTickedFixture } from '../../testing/runner-fixtures';
import { DomainError } from '../errors';
import { createLogger } from '../logging';
import { listParkedEvents, PARKED_EVENTS } from './parked-events';
import { parkedEventRetrier } from './parked-retrier';
import { DEFAULT_RETRY, type Reactor, ReactorRunner } from './reactor';
import { RELAY_RETRY } from './relay';
import { backoffMs } from './retry-policy';

const PARKED_AT = new Date('2026-11-22T08:00:00.000Z');

/** Handles every event; fails `times` times on the event whose data.i is `failOn`. */
function flaky(failOn: number, times: number) {
  const handled: number[] = [];
  const tries = new Map<number, number>();
  const reactor: Reactor = {
    name: 'flaky',
    async handle(e: RecordedEvent) {
      const i = (e.data as { i: number }).i;
      tries.set(i, (tries.get(i) ?? 0) + 1);
      if (i === failOn && (tries.get(i) ?? 0) <= times) throw new Error(`cannot handle ${i}`);
      handled.push(i);
    },
  };
  return { reactor, handled, tries };
}

async function setUp(count: number) {
  const fixture = await openTickedFixture(count);
  const { events, reads } = fixture;
  const waits: number[] = [];
  const run = (reactor: Reactor) =>
    new ReactorRunner(events, reads, reactor, createLogger('silent'), {
      now: () => PARKED_AT,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
  /** Runs a flaky reactor until it has handled `count` events, then stops it. */
  const runUntilHandled = async (subject: ReturnType<typeof flaky>, count: number) => {
    const runner = run(subject.reactor);
    await runner.start();
    await eventually(async () => subject.handled.length === count);
    await runner.stop();
    return subject;
  };
  return { events, reads, run, runUntilHandled, waits, close: fixture.dispose };
}

describe('reactor runner', () => {
  it('parks an event after the bounded tries, moves on, and a retry that succeeds removes the record', async () => {
    const env = await setUp(5);
    try {
      const { reactor, handled, tries } = await env.runUntilHandled(flaky(2, 100), 4);
      expect(handled).toEqual([0, 1, 3, 4]);
      expect(tries.get(2)).toBe(DEFAULT_RETRY.maxAttempts);
      expect(env.waits).toEqual([200, 400, 800, 1600]);
      const position = (await env.events.readStream('tick-2'))[0]!.position;
      expect(await env.reads.getCheckpoint('flaky')).toBe((await env.events.headPosition())!);
      const parked = await listParkedEvents(env.reads);
      expect(parked).toEqual([
        {
          _id: `flaky@${position}`,
          reactor: 'flaky',
          position,
          eventId: 'e2',
          type: 'Ticked',
          stream: 'tick-2',
          revision: 0,
          error: 'cannot handle 2',
          attempts: DEFAULT_RETRY.maxAttempts,
          parkedAt: PARKED_AT.toISOString(),
        },
      ]);

      // Still failing: the record stays, with one more attempt and a 409-class error.
      const retry = parkedEventRetrier({ eventStore: env.events, readStore: env.reads, reactors: [reactor] });
      await expect(retry(`flaky@${position}`)).rejects.toMatchObject({ code: 'CONFLICT' });
      expect((await listParkedEvents(env.reads))[0]?.attempts).toBe(DEFAULT_RETRY.maxAttempts + 1);

      tries.set(2, 1_000); // the fault is fixed
      await retry(`flaky@${position}`);
      expect(handled).toEqual([0, 1, 3, 4, 2]);
      expect(await env.reads.collection(PARKED_EVENTS).count()).toBe(0);
    } finally {
      await env.close();
    }
  });

  it('an event that fails once and then succeeds is retried in place, not parked', async () => {
    const env = await setUp(3);
    try {
      const { handled, tries } = await env.runUntilHandled(flaky(1, 1), 3);
      expect(handled).toEqual([0, 1, 2]);
      expect(tries.get(1)).toBe(2);
      expect(env.waits).toEqual([200]);
      expect(await listParkedEvents(env.reads)).toEqual([]);
      expect(await env.reads.getCheckpoint('flaky')).toBe((await env.events.headPosition())!);
    } finally {
      await env.close();
    }
  });

  it('a restart after a crash mid-retry resumes at the failing event, not past it', async () => {
    const env = await setUp(3);
    try {
      const first = flaky(1, 100);
      const stuck = new ReactorRunner(env.events, env.reads, first.reactor, createLogger('silent'), {
        sleep: (_ms, signal) =>
          new Promise((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(new Error('stop'))),
          ),
      });
      // start() resolves once caught up, which this run never is: it hangs in the wait before try 2.
      const starting = stuck.start().catch(() => 'stopped');
      await eventually(async () => first.tries.get(1) === 1);
      await stuck.stop();
      expect(await starting).toBe('stopped');
      const position0 = (await env.events.readStream('tick-0'))[0]!.position;
      expect(await env.reads.getCheckpoint('flaky')).toBe(position0);

      const second = flaky(-1, 0);
      const resumed = env.run(second.reactor);
      await resumed.start();
      await eventually(async () => second.handled.length === 2);
      await resumed.stop();
      expect(second.handled).toEqual([1, 2]);
    } finally {
      await env.close();
    }
  });

  it('retrying an unknown id is a NOT_FOUND', async () => {
    const env = await setUp(0);
    try {
      const retry = parkedEventRetrier({ eventStore: env.events, readStore: env.reads, reactors: [] });
      await expect(retry('nope@1')).rejects.toBeInstanceOf(DomainError);
      await expect(retry('nope@1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await env.close();
    }
  });

  it('the relay keeps trying for minutes before it parks a job: a bus blip never parks one', () => {
    let waited = 0;
    for (let attempt = 1; attempt < RELAY_RETRY.maxAttempts; attempt++)
      waited += backoffMs(RELAY_RETRY, attempt);
    expect(waited).toBeGreaterThanOrEqual(5 * 60_000);
    expect(backoffMs(RELAY_RETRY, 20)).toBe(RELAY_RETRY.maxDelayMs);
  });
});
