import type { RecordedEvent } from '@studio/events';
import { capturingLogger, eventually } from '../../testing/helpers';
import {
  openRunnerFixture,
  type RunnerFixture,
  recordingReactor,
  testEvent,
} from '../../testing/runner-fixtures';
import { EngineUnavailableError } from '../faults/unavailable';
import type { ReadStore } from '../readstore/port';
import { CATCH_UP_PAGE, type Projection, ProjectorRunner } from './projector';
import { ReactorRunner } from './reactor';

/** Counts every event it sees: a second active instance would count events twice. */
const tally: Projection = {
  name: 'tally',
  collections: ['tally'],
  handles: ['Happened'],
  project: (event: RecordedEvent) => [
    {
      op: 'update',
      collection: 'tally',
      id: 'all',
      inc: { n: 1 },
      set: { last: event.position },
      upsert: true,
    },
  ],
};

const TTL = { ttlMs: 300 };

describe('one runner instance at a time (lease with fencing)', () => {
  let fixture: RunnerFixture;
  let runners: Array<{ stop(): Promise<void> }>;
  beforeEach(() => {
    fixture = openRunnerFixture();
    runners = [];
  });
  afterEach(async () => {
    for (const runner of runners) await runner.stop();
    await fixture.dispose();
  });

  const append = async (from: number, count: number) => {
    for (let i = from; i < from + count; i++)
      await fixture.events.append('s', [testEvent(`e${i}`)], { expectedRevision: 'any' });
  };
  const counted = async () => (await fixture.reads.collection('tally').get('all'))?.n;
  const projector = (reads: ReadStore = fixture.reads) => {
    const runner = new ProjectorRunner(fixture.events, reads, tally, fixture.logger, { lease: TTL });
    runners.push(runner);
    return runner;
  };

  it('a second projector stands by, and takes over at once when the first stops', async () => {
    const first = projector();
    const second = projector();
    await first.start();
    await second.start();
    expect([first.state, second.state]).toEqual(['running', 'standby']);
    await append(0, 5);
    await eventually(async () => (await counted()) === 5);
    await first.stop();
    await eventually(async () => second.state === 'running');
    await append(5, 5);
    await eventually(async () => (await counted()) === 10);
    expect(await fixture.reads.getCheckpoint('tally')).toBe(await fixture.events.headPosition());
  });

  it('takes over from a holder that stopped renewing once its lease expires', async () => {
    await fixture.reads.acquireLease({ name: 'tally', holder: 'elsewhere/1/gone', ttlMs: 300 });
    const runner = projector();
    await append(0, 3);
    await runner.start();
    expect(runner.state).toBe('standby');
    expect(await counted()).toBeUndefined();
    await eventually(async () => (await counted()) === 3);
    expect(runner.state).toBe('running');
  });

  it('a stale instance whose lease was taken over has its write refused and stands by; nothing counts twice', async () => {
    // The first instance cannot renew (its heartbeats fail), yet it believes it still holds the lease.
    const stalled: ReadStore = {
      ...fixture.reads,
      acquireLease: async (request) => {
        if (stale.state !== 'stopped' && (await fixture.reads.getLease(request.name))?.holder)
          throw new EngineUnavailableError('read store');
        return fixture.reads.acquireLease(request);
      },
    };
    const stale = projector(stalled);
    await stale.start();
    await append(0, 2);
    await eventually(async () => (await counted()) === 2);
    const fresh = projector();
    await fresh.start();
    await eventually(async () => fresh.state === 'running'); // after the stale one's lease expired
    expect(stale.state).toBe('running');
    await append(2, 3);
    await eventually(async () => stale.state === 'standby');
    await eventually(async () => (await counted()) === 5);
    expect(await fixture.reads.getCheckpoint('tally')).toBe(await fixture.events.headPosition());
  });

  /** Another instance takes the lease now, as from a holder it knows to be dead. */
  const takeOver = async () => {
    const lease = await fixture.reads.getLease('tally');
    return fixture.reads.acquireLease({
      name: 'tally',
      holder: 'elsewhere/1/new',
      ttlMs: 60_000,
      ...(lease ? { deadHolder: lease.holder } : {}),
    });
  };

  it('a holder whose heartbeat finds the lease taken stands by while idle, and says so', async () => {
    const { logger, lines: logged } = capturingLogger('warn');
    // The standby asks for the lease again every second: each refusal is counted.
    let refusals = 0;
    const reads: ReadStore = {
      ...fixture.reads,
      acquireLease: async (request) => {
        const token = await fixture.reads.acquireLease(request);
        if (token === undefined && !request.holder.startsWith('elsewhere')) refusals += 1;
        return token;
      },
    };
    const runner = new ProjectorRunner(fixture.events, reads, tally, logger, { lease: TTL });
    runners.push(runner);
    await runner.start();
    expect(runner.state).toBe('running');
    expect(await takeOver()).toBeDefined();
    // No event arrives: only the heartbeat can tell it.
    await eventually(async () => runner.state === 'standby');
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'another instance holds the projection; standing by',
        projection: 'tally',
      }),
    );
    await append(0, 2);
    // A poll after the events were appended was refused, and its answer acted on: still nothing.
    const before = refusals;
    await eventually(async () => refusals > before && runner.state === 'standby', 5_000);
    expect(await counted()).toBeUndefined();
    expect(runner.state).toBe('standby');
  });

  it('a holder whose lease is taken during its catch-up stands by: start() resolves and nothing is written', async () => {
    await append(0, 3);
    const takenOnFirstWrite: ReadStore = {
      ...fixture.reads,
      apply: async (ops, checkpoint) => {
        if (!(await fixture.reads.getLease('tally'))?.holder.startsWith('elsewhere')) await takeOver();
        return fixture.reads.apply(ops, checkpoint);
      },
    };
    const runner = projector(takenOnFirstWrite);
    await runner.start();
    expect(runner.state).toBe('standby');
    expect(await counted()).toBeUndefined();
    expect(await fixture.reads.getCheckpoint('tally')).toBeUndefined();
  });

  it('a catch-up page read after the heartbeat found the lease taken is not written', async () => {
    await fixture.events.append(
      's',
      Array.from({ length: CATCH_UP_PAGE + 2 }, (_, i) => testEvent(`e${i}`)),
      { expectedRevision: 'any' },
    );
    let runner: ProjectorRunner | undefined;
    let pages = 0;
    // The first page lands; the lease changes hands before the runner reads the second.
    const takenAfterFirstPage: ReadStore = {
      ...fixture.reads,
      apply: async (ops, checkpoint) => {
        await fixture.reads.apply(ops, checkpoint);
        pages += 1;
        if (pages > 1) return;
        await takeOver();
        await eventually(async () => runner?.state === 'standby');
      },
    };
    runner = projector(takenAfterFirstPage);
    await runner.start();
    expect(runner.state).toBe('standby');
    expect(await counted()).toBe(CATCH_UP_PAGE);
    const firstPage = await fixture.events.readAll({ limit: CATCH_UP_PAGE });
    expect(await fixture.reads.getCheckpoint('tally')).toBe(firstPage.at(-1)?.position);
  });

  it('a rebuild keeps the lease (the standby waits), and a standby refuses to rebuild', async () => {
    const active = projector();
    const standby = projector();
    await active.start();
    await standby.start();
    await append(0, 4);
    await eventually(async () => (await counted()) === 4);
    const before = await fixture.reads.getLease('tally');
    await active.rebuild();
    // Never released meanwhile: a release and a new take would have raised the token.
    expect(await fixture.reads.getLease('tally')).toMatchObject({
      holder: before?.holder,
      token: before?.token,
    });
    expect([active.state, standby.state]).toEqual(['running', 'standby']);
    expect(await counted()).toBe(4);
    await expect(standby.rebuild()).rejects.toThrow(/active in another instance/);
    expect(standby.state).toBe('standby');
    expect(await counted()).toBe(4);
  });

  it('one relay at a time: the standby handles what follows once the first stops, each event once', async () => {
    const handled: string[] = [];
    const reactor = recordingReactor('relay-like', handled);
    const first = new ReactorRunner(fixture.events, fixture.reads, reactor, fixture.logger, { lease: TTL });
    const second = new ReactorRunner(fixture.events, fixture.reads, reactor, fixture.logger, { lease: TTL });
    runners.push(first, second);
    await first.start();
    await second.start();
    expect([first.state, second.state]).toEqual(['running', 'standby']);
    await append(0, 3);
    await eventually(async () => handled.length === 3);
    await first.stop();
    await eventually(async () => second.state === 'running');
    await append(3, 3);
    await eventually(async () => handled.length === 6);
    expect(handled).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5']);
  });
});
