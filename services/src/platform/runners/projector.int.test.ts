import type { RecordedEvent } from '@studio/events';
import { eventually, tempDataDir } from '../../testing/helpers';
import {
  deferred,
  stopWhileComingBack,
  useRunnerFixture,
  watchSubscriptions,
} from '../../testing/runner-fixtures';
import type { EventStore, SubscribeOptions } from '../eventstore/port';
import { createSqliteEventStore } from '../eventstore/sqlite';
import { EngineUnavailableError } from '../faults/unavailable';
import { createLogger, type Logger } from '../logging';
import type { Doc, ReadStore } from '../readstore/port';
import { createSqliteReadStore } from '../readstore/sqlite';
import {
  CATCH_UP_PAGE,
  IDLE_CHECKPOINT_EVERY,
  type Projection,
  ProjectorRunner,
  REBUILD_PAGE,
} from './projector';

/** What a process that dies mid-batch looks like to the runner: the engine failed (never parked). */
const engineDied = (message: string) => new EngineUnavailableError('read store', new Error(message));

/** The same projection under another name and collection: it proves an event was delivered. */
const witnessOf = (projection: Projection): Projection => ({
  ...projection,
  name: `${projection.name}-witness`,
  collections: [`${projection.name}_witness`],
  project: (event: RecordedEvent) =>
    projection.project(event).map((op) => ({ ...op, collection: `${projection.name}_witness` })),
});

/**
 * Counts scans per code and day: increments, so a double-applied batch would show. `failAt`: the
 * engine fails while that event is applied, `times` times.
 */
const scans = (failAt?: { position: number; times: number }): Projection => ({
  name: 'scan-counts',
  collections: ['scan_counts'],
  handles: ['Scanned'],
  project(event: RecordedEvent) {
    if (failAt && event.position === failAt.position && failAt.times > 0) {
      failAt.times -= 1;
      throw engineDied('crash in the middle of a batch');
    }
    const { code, day } = event.data as { code: string; day: string };
    return [
      {
        op: 'update',
        collection: 'scan_counts',
        id: code,
        inc: { total: 1, [`days.${day}`]: 1 },
        setOnInsert: { code },
        set: { lastEvent: event.eventId },
        upsert: true,
      },
    ];
  },
});

const event = (i: number) => ({
  eventId: `e${i}`,
  type: 'Scanned',
  data: { code: `qr${i % 7}`, day: `2026-11-${String(1 + (i % 5)).padStart(2, '0')}` },
  metadata: {
    correlationId: 'c',
    causationId: 'c',
    occurredAt: '2026-11-22T00:00:00.000Z',
    schemaVersion: 1,
  },
});

const sorted = (docs: Doc[]) => JSON.stringify([...docs].sort((a, b) => a._id.localeCompare(b._id)));

describe('projector runner', () => {
  const fixture = useRunnerFixture();

  it('never hands a projection an event type it does not declare', async () => {
    const { events, reads } = fixture();
    await events.append('qr-1', [event(1), { ...event(2), type: 'Renamed' }, event(3)], {
      expectedRevision: 'no-stream',
    });
    const seen: string[] = [];
    const projection = scans();
    const watched: Projection = {
      ...projection,
      project: (e) => {
        seen.push(e.type);
        return projection.project(e);
      },
    };
    const runner = new ProjectorRunner(events, reads, watched, createLogger('silent'));
    await runner.start();
    await runner.stop();
    expect(seen).toEqual(['Scanned', 'Scanned']);
    expect(await reads.getCheckpoint('scan-counts')).toBe(await events.headPosition());
  });

  it('stopped in the middle of a batch and restarted, ends identical to a full rebuild', async () => {
    const tmp = tempDataDir();
    // 12 500 appends: without an fsync each, so the test takes seconds, not tens of them.
    const events = createSqliteEventStore(`${tmp.dir}/events.db`, { synchronous: 'NORMAL' });
    const reads = createSqliteReadStore(`${tmp.dir}/read.db`);
    const logger = createLogger('silent');
    try {
      const total = Math.floor(CATCH_UP_PAGE * 2.5);
      for (let i = 0; i < total; i++)
        await events.append(`qr-${i % 7}`, [event(i)], { expectedRevision: 'any' });
      const all = await events.readAll({ limit: total });
      const crashAt = all[Math.floor(CATCH_UP_PAGE * 1.7)]!.position;

      // First run dies inside the second page: that whole page must roll back.
      const crashing = new ProjectorRunner(events, reads, scans({ position: crashAt, times: 1 }), logger);
      await expect(crashing.start()).rejects.toMatchObject({
        reason: new Error('crash in the middle of a batch'),
      });
      await crashing.stop();
      expect(await reads.getCheckpoint('scan-counts')).toBe(all[CATCH_UP_PAGE - 1]!.position);

      // Restart: resumes from the checkpoint and goes live.
      const restarted = new ProjectorRunner(events, reads, scans(), logger);
      await restarted.start();
      await events.append('qr-1', [event(total)], { expectedRevision: 'any' });
      await restarted.waitFor((await events.headPosition())!);
      const afterRestart = sorted(await reads.collection('scan_counts').find());
      const counted = (await reads.collection('scan_counts').find()).reduce(
        (n, d) => n + (d.total as number),
        0,
      );
      expect(counted).toBe(total + 1);

      await restarted.rebuild();
      await restarted.waitFor((await events.headPosition())!);
      expect(sorted(await reads.collection('scan_counts').find())).toBe(afterRestart);
      await restarted.stop();
    } finally {
      await events.close();
      await reads.close();
      tmp.remove();
    }
  });

  it('a crash while writing the checkpoint leaves no write of the batch behind', async () => {
    const { events, reads, logger } = fixture();
    for (let i = 0; i < 10; i++) await events.append(`qr-${i}`, [event(i)], { expectedRevision: 'any' });

    const crashing = new ProjectorRunner(events, crashOnFirstCheckpoint(reads), scans(), logger);
    await expect(crashing.start()).rejects.toMatchObject({
      reason: new Error('crash while writing the checkpoint'),
    });
    await crashing.stop();
    expect(await reads.getCheckpoint('scan-counts')).toBeUndefined();
    expect(await reads.collection('scan_counts').count()).toBe(0);

    const restarted = new ProjectorRunner(events, reads, scans(), logger);
    await restarted.start();
    await restarted.stop();
    const counted = (await reads.collection('scan_counts').find()).reduce(
      (n, d) => n + (d.total as number),
      0,
    );
    expect(counted).toBe(10);
    expect(await reads.getCheckpoint('scan-counts')).toBe(await events.headPosition());
  });

  it('live events that change nothing cost no transaction each, and a restart still ends right', async () => {
    const { events, reads, logger } = fixture();
    // Counts only codes qr0; every other scan is an event this read model ignores.
    const onlyQr0: Projection = {
      name: 'qr0',
      collections: ['qr0'],
      handles: ['Scanned'],
      project: (e) =>
        (e.data as { code: string }).code === 'qr0'
          ? [{ op: 'update', collection: 'qr0', id: 'qr0', inc: { total: 1 }, upsert: true }]
          : [],
    };
    // The lagging checkpoint's catch-up is held off: this is about the batching alone.
    const runner = new ProjectorRunner(events, reads, onlyQr0, logger, { laggingCheckpointMs: 600_000 });
    await runner.start();
    await events.append('qr-0', [event(0)], { expectedRevision: 'any' });
    await runner.waitFor((await events.headPosition())!);
    const written = await reads.getCheckpoint('qr0');
    for (let i = 1; i <= 6; i++) await events.append('qr-x', [event(i * 7 + 1)], { expectedRevision: 'any' });
    const head = (await events.headPosition())!;
    await runner.waitFor(head);
    // Live and caught up, but the ignored events did not move the stored checkpoint.
    expect(runner.checkpoint).toBe(head);
    expect(await reads.getCheckpoint('qr0')).toBe(written);
    await runner.stop();

    // Past IDLE_CHECKPOINT_EVERY ignored events the checkpoint is written anyway.
    for (let i = 0; i < IDLE_CHECKPOINT_EVERY; i++)
      await events.append('qr-x', [event(i * 7 + 2)], { expectedRevision: 'any' });
    const restarted = new ProjectorRunner(events, reads, onlyQr0, logger, { laggingCheckpointMs: 600_000 });
    await restarted.start();
    await events.append('qr-0', [event(7000)], { expectedRevision: 'any' });
    await restarted.waitFor((await events.headPosition())!);
    expect((await reads.collection('qr0').get('qr0'))?.total).toBe(2);
    expect(await reads.getCheckpoint('qr0')).toBe(await events.headPosition());
    await restarted.stop();
  });
});

describe('projector runner, live', () => {
  const fixture = useRunnerFixture();

  const total = async () =>
    (await fixture().reads.collection('scan_counts').find()).reduce((n, d) => n + (d.total as number), 0);

  it('creates the indexes its projection asks for', async () => {
    const calls: string[] = [];
    const spied: ReadStore = {
      ...delegate(fixture().reads),
      ensureIndex: async (collection, fields) => {
        calls.push(`${collection}:${fields.join(',')}`);
        await fixture().reads.ensureIndex(collection, fields);
      },
    };
    const runner = new ProjectorRunner(
      fixture().events,
      spied,
      { ...scans(), indexes: [{ collection: 'scan_counts', fields: ['code', 'total'] }] },
      fixture().logger,
    );
    await runner.start();
    await runner.stop();
    expect(calls).toEqual(['scan_counts:code,total']);
  });

  it('projects new events as they are appended, and waitFor resolves once a position is applied', async () => {
    await fixture().events.append('qr-0', [event(0)], { expectedRevision: 'any' });
    const runner = new ProjectorRunner(fixture().events, fixture().reads, scans(), fixture().logger);
    await runner.start();
    const first = (await fixture().events.headPosition())!;
    expect(runner.checkpoint).toBe(first);
    await expect(runner.waitFor(first)).resolves.toBeUndefined();

    let later = false;
    const waiting = runner.waitFor(first + 2).then(() => {
      later = true;
    });
    await fixture().events.append('qr-1', [event(1)], { expectedRevision: 'any' });
    await runner.waitFor(first + 1);
    expect(later).toBe(false);
    await fixture().events.append('qr-2', [event(2)], { expectedRevision: 'any' });
    await waiting;
    expect(await total()).toBe(3);
    expect(await fixture().reads.getCheckpoint('scan-counts')).toBe(runner.checkpoint);
    await runner.stop();
  });

  it('live events appended together are applied in one transaction with one checkpoint', async () => {
    let transactions = 0;
    const counting: ReadStore = {
      ...delegate(fixture().reads),
      apply: async (ops, checkpoint) => {
        transactions += 1;
        await fixture().reads.apply(ops, checkpoint);
      },
    };
    const runner = new ProjectorRunner(fixture().events, counting, scans(), fixture().logger);
    await runner.start();
    transactions = 0;
    const batch = Array.from({ length: 50 }, (_, i) => event(i));
    await fixture().events.append('qr-0', batch, { expectedRevision: 'any' });
    const head = (await fixture().events.headPosition())!;
    await runner.waitFor(head);
    expect(await total()).toBe(50);
    expect(transactions).toBe(1);
    expect(await fixture().reads.getCheckpoint('scan-counts')).toBe(head);
    await runner.stop();
  });

  it('once stopped, projects nothing more; started again, it resumes from its checkpoint', async () => {
    const runner = new ProjectorRunner(fixture().events, fixture().reads, scans(), fixture().logger);
    await runner.start();
    await fixture().events.append('qr-0', [event(0)], { expectedRevision: 'any' });
    await runner.waitFor((await fixture().events.headPosition())!);
    await runner.stop();

    // A witness subscribed after the stopped runner: once it has the event, the same delivery
    // would have reached a runner still listening, earlier.
    const witness = new ProjectorRunner(
      fixture().events,
      fixture().reads,
      witnessOf(scans()),
      fixture().logger,
    );
    await witness.start();
    await fixture().events.append('qr-1', [event(1)], { expectedRevision: 'any' });
    await witness.waitFor((await fixture().events.headPosition())!);
    await witness.stop();
    expect(await total()).toBe(1);

    const again = new ProjectorRunner(fixture().events, fixture().reads, scans(), fixture().logger);
    await again.start();
    expect(await total()).toBe(2);
    await again.stop();
  });
});

describe('projector runner, failures', () => {
  const fixture = useRunnerFixture();
  let subscriptions: SubscribeOptions[];
  let store: EventStore;
  beforeEach(() => {
    ({ store, subscriptions } = watchSubscriptions(fixture().events));
  });

  const total = async () =>
    (await fixture().reads.collection('scan_counts').find()).reduce((n, d) => n + (d.total as number), 0);

  /** A logger that keeps the warnings' messages, and their fields. */
  const warnings = () => {
    const lines: string[] = [];
    const fields: unknown[] = [];
    const logger = {
      warn: (f: unknown, message: string) => {
        fields.push(f);
        lines.push(message);
      },
    } as unknown as Logger;
    return { lines, fields, logger };
  };

  it('an engine failure pauses the runner, which subscribes again from its checkpoint and runs on', async () => {
    const { lines, fields, logger } = warnings();
    const runner = new ProjectorRunner(store, fixture().reads, scans(), logger);
    expect(runner.state).toBe('stopped');
    await runner.start();
    expect(runner.state).toBe('running');
    expect(subscriptions[0]).not.toHaveProperty('after');
    await fixture().events.append('qr-0', [event(0)], { expectedRevision: 'any' });
    const head = (await fixture().events.headPosition())!;
    await runner.waitFor(head);

    subscriptions[0]!.onError?.(new Error('engine down'));
    expect(runner.state).toBe('paused');
    expect(lines).toEqual(['projection paused; retrying']);
    expect(fields).toEqual([{ err: new Error('engine down'), projection: 'scan-counts' }]);
    await eventually(async () => subscriptions.length === 2 && runner.state === 'running');
    expect(subscriptions[1]).toMatchObject({ after: head });
    await fixture().events.append('qr-1', [event(1)], { expectedRevision: 'any' });
    await runner.waitFor(head + 1);
    expect(await total()).toBe(2);
    await runner.stop();
    expect(runner.state).toBe('stopped');
  });

  it('an engine failing in the middle of a live batch pauses the runner; the retry applies every event once', async () => {
    const failAt = { position: 0, times: 0 };
    const runner = new ProjectorRunner(store, fixture().reads, scans(failAt), createLogger('silent'));
    await runner.start();
    await fixture().events.append('qr-0', [event(0)], { expectedRevision: 'any' });
    const first = (await fixture().events.headPosition())!;
    await runner.waitFor(first);
    failAt.position = first + 2;
    failAt.times = 1;
    await fixture().events.append('qr-1', [event(1), event(2), event(3)], { expectedRevision: 'any' });
    await eventually(async () => runner.state === 'paused');
    await eventually(async () => runner.state === 'running');
    await runner.waitFor(first + 3);
    expect(await total()).toBe(4);
    expect(await fixture().reads.getCheckpoint('scan-counts')).toBe(first + 3);
    await runner.stop();
  });

  it('a live batch gathered behind one whose write fails is dropped with it: the retry applies both, each event once', async () => {
    const held = deferred();
    let holdNextWrite = false;
    let writeHeld = false;
    const reads: ReadStore = {
      ...delegate(fixture().reads),
      apply: async (ops, checkpoint) => {
        if (holdNextWrite) {
          holdNextWrite = false;
          writeHeld = true;
          await held.promise;
        }
        return fixture().reads.apply(ops, checkpoint);
      },
    };
    const delivered: number[] = [];
    const watched: EventStore = {
      ...fixture().events,
      subscribeToAll: (options, handler) =>
        fixture().events.subscribeToAll(options, (e) => {
          delivered.push(e.position);
          return handler(e);
        }),
    };
    const runner = new ProjectorRunner(watched, reads, scans(), createLogger('silent'));
    await runner.start();
    await fixture().events.append('qr-0', [event(0)], { expectedRevision: 'any' });
    await runner.waitFor((await fixture().events.headPosition())!);
    // The next batch's write hangs; a later batch is gathered behind it; then the engine fails.
    holdNextWrite = true;
    await fixture().events.append('qr-1', [event(1)], { expectedRevision: 'any' });
    await eventually(async () => writeHeld);
    await fixture().events.append('qr-2', [event(2)], { expectedRevision: 'any' });
    const head = (await fixture().events.headPosition())!;
    await eventually(async () => delivered.includes(head));
    // One turn more: the gathered batch is queued behind the held write.
    await new Promise((resolve) => setImmediate(resolve));
    held.reject(engineDied('read store down'));
    await eventually(async () => runner.state === 'paused');
    await eventually(
      async () => runner.state === 'running' && (await fixture().reads.getCheckpoint('scan-counts')) === head,
    );
    expect(await total()).toBe(3);
    await runner.stop();
  });

  it('an engine failure reported after the stop is ignored: started again, the runner runs', async () => {
    const runner = new ProjectorRunner(store, fixture().reads, scans(), createLogger('silent'));
    await runner.start();
    await runner.stop();
    subscriptions[0]!.onError?.(new Error('engine down after the stop'));
    expect(runner.state).toBe('stopped');
    await runner.start();
    expect(runner.state).toBe('running');
    await runner.stop();
  });

  it('a stop while the runner comes back from an engine failure keeps it stopped', async () => {
    const { runner, subscriptions } = await stopWhileComingBack(
      fixture().events,
      (holding) => new ProjectorRunner(holding, fixture().reads, scans(), createLogger('silent')),
    );
    expect(runner.state).toBe('stopped');
    expect(subscriptions).toHaveLength(1);
  });

  it('a checkpoint read that fails while coming back is tried again later, until it works', async () => {
    let checkpointFailures = 0;
    const reads: ReadStore = {
      ...delegate(fixture().reads),
      getCheckpoint: (name) =>
        checkpointFailures-- > 0
          ? Promise.reject(new Error('read store down'))
          : fixture().reads.getCheckpoint(name),
    };
    const runner = new ProjectorRunner(store, reads, scans(), createLogger('silent'));
    await runner.start();
    checkpointFailures = 1;
    subscriptions[0]!.onError?.(new Error('engine down'));
    await eventually(async () => subscriptions.length === 2 && runner.state === 'running');
    expect(checkpointFailures).toBe(-1);
    await runner.stop();
  });

  it('a batch that cannot be written at the stop is logged; the restart replays it from the checkpoint', async () => {
    const { lines, fields, logger } = warnings();
    let failing = false;
    const reads: ReadStore = {
      ...delegate(fixture().reads),
      apply: (ops, checkpoint) =>
        failing ? Promise.reject(engineDied('read store down')) : fixture().reads.apply(ops, checkpoint),
    };
    let runner: ProjectorRunner | undefined;
    // Stopped right after the event is handed over: it is gathered, not yet written.
    const stopping: EventStore = {
      ...fixture().events,
      subscribeToAll: (options, handler) =>
        fixture().events.subscribeToAll(options, async (e) => {
          await handler(e);
          void runner?.stop();
        }),
    };
    runner = new ProjectorRunner(stopping, reads, scans(), logger);
    await runner.start();
    failing = true;
    await fixture().events.append('qr-0', [event(0)], { expectedRevision: 'any' });
    await eventually(async () => lines.length > 0);
    expect(lines).toEqual(['projection stopped before a batch']);
    expect(fields).toEqual([{ err: engineDied('read store down'), projection: 'scan-counts' }]);
    expect(runner.state).toBe('stopped');
    failing = false;
    const again = new ProjectorRunner(fixture().events, fixture().reads, scans(), createLogger('silent'));
    await again.start();
    expect(await total()).toBe(1);
    await again.stop();
  });
});

/** The scan counts of code qr0 only: every other scan is an event this read model ignores. */
function countingOnlyQr0(): Projection {
  const projection = scans();
  return {
    ...projection,
    project: (e) => ((e.data as { code: string }).code === 'qr0' ? projection.project(e) : []),
  };
}

describe('projector runner, catch-up', () => {
  const fixture = useRunnerFixture();

  const counting = (batches: number[]): ReadStore => ({
    ...delegate(fixture().reads),
    apply: (ops, checkpoint) => {
      batches.push(ops.length);
      return fixture().reads.apply(ops, checkpoint);
    },
  });
  const many = (count: number) =>
    fixture().events.append(
      'qr-0',
      Array.from({ length: count }, (_, i) => event(i)),
      { expectedRevision: 'any' },
    );

  it('catches up in pages, each in its own transaction, then goes live after the last event', async () => {
    await many(CATCH_UP_PAGE + 1);
    const head = (await fixture().events.headPosition())!;
    const { store, subscriptions } = watchSubscriptions(fixture().events);
    const batches: number[] = [];
    const runner = new ProjectorRunner(store, counting(batches), scans(), createLogger('silent'));
    await runner.start();
    expect(batches).toEqual([CATCH_UP_PAGE, 1]);
    expect(subscriptions).toEqual([expect.objectContaining({ after: head })]);
    await runner.stop();
  });

  it('stopped during catch-up, it finishes the page in hand, reads no further and does not go live', async () => {
    await many(CATCH_UP_PAGE + 1);
    const { store, subscriptions } = watchSubscriptions(fixture().events);
    let runner: ProjectorRunner | undefined;
    const projection = scans();
    const stopping: Projection = {
      ...projection,
      project: (e) => {
        void runner?.stop();
        return projection.project(e);
      },
    };
    runner = new ProjectorRunner(store, fixture().reads, stopping, createLogger('silent'));
    await runner.start();
    const all = await fixture().events.readAll();
    expect(await fixture().reads.getCheckpoint('scan-counts')).toBe(all[CATCH_UP_PAGE - 1]!.position);
    expect(subscriptions).toEqual([]);
    expect(runner.state).toBe('stopped');
  });

  it('writes the checkpoint for events that change nothing once 500 have passed since the last one written', async () => {
    const onlyQr0 = countingOnlyQr0();
    const runner = new ProjectorRunner(fixture().events, fixture().reads, onlyQr0, createLogger('silent'), {
      laggingCheckpointMs: 600_000,
    });
    await runner.start();
    // 600 counted events: the stored checkpoint is well past 500.
    const counted = Array.from({ length: 600 }, (_, i) => ({ ...event(i), data: { code: 'qr0', day: 'd' } }));
    await fixture().events.append('qr-0', counted, { expectedRevision: 'any' });
    const written = (await fixture().events.headPosition())!;
    await runner.waitFor(written);
    expect(await fixture().reads.getCheckpoint(onlyQr0.name)).toBe(written);

    const ignored = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        ...event(i),
        eventId: `x${n}-${i}`,
        data: { code: 'qr1', day: 'd' },
      }));
    await fixture().events.append('qr-x', ignored(IDLE_CHECKPOINT_EVERY - 1), { expectedRevision: 'any' });
    await runner.waitFor(written + IDLE_CHECKPOINT_EVERY - 1);
    expect(await fixture().reads.getCheckpoint(onlyQr0.name)).toBe(written);
    await fixture().events.append('qr-x', ignored(1), { expectedRevision: 'any' });
    await runner.waitFor(written + IDLE_CHECKPOINT_EVERY);
    expect(await fixture().reads.getCheckpoint(onlyQr0.name)).toBe(written + IDLE_CHECKPOINT_EVERY);
    await runner.stop();
  });

  /** The qr0-only runner, quick to write a lagging checkpoint, started and past one counted event. */
  const pastOneCounted = async (reads: ReadStore = fixture().reads) => {
    const onlyQr0 = countingOnlyQr0();
    const runner = new ProjectorRunner(fixture().events, reads, onlyQr0, createLogger('silent'), {
      laggingCheckpointMs: 50,
    });
    await runner.start();
    await fixture().events.append('qr-0', [{ ...event(0), data: { code: 'qr0', day: 'd' } }], {
      expectedRevision: 'any',
    });
    const written = (await fixture().events.headPosition())!;
    await runner.waitFor(written);
    return { runner, onlyQr0, written };
  };

  it('brings the stored checkpoint to the head a moment after a tail of events that change nothing', async () => {
    const { runner, onlyQr0, written } = await pastOneCounted();
    // A few events of another read model: readers waiting for the head must not wait for 500.
    await fixture().events.append(
      'qr-x',
      [1, 2, 3].map((i) => ({ ...event(i), eventId: `x${i}`, data: { code: 'qr1', day: 'd' } })),
      { expectedRevision: 'any' },
    );
    const head = (await fixture().events.headPosition())!;
    expect(head).toBeGreaterThan(written);
    await eventually(async () => (await fixture().reads.getCheckpoint(onlyQr0.name)) === head, 5_000);
    await runner.stop();
  });

  it('a lagging checkpoint whose write fails pauses the runner, which brings it to the head once back', async () => {
    let failures = 0;
    const reads: ReadStore = {
      ...delegate(fixture().reads),
      apply: (ops, checkpoint) => {
        if (ops.length === 0 && failures === 0) {
          failures += 1;
          return Promise.reject(engineDied('read store down'));
        }
        return fixture().reads.apply(ops, checkpoint);
      },
    };
    const { runner, onlyQr0, written } = await pastOneCounted(reads);
    await fixture().events.append('qr-x', [{ ...event(1), eventId: 'x1', data: { code: 'qr1', day: 'd' } }], {
      expectedRevision: 'any',
    });
    const head = (await fixture().events.headPosition())!;
    await eventually(async () => runner.state === 'paused');
    expect(await fixture().reads.getCheckpoint(onlyQr0.name)).toBe(written);
    await eventually(async () => (await fixture().reads.getCheckpoint(onlyQr0.name)) === head, 5_000);
    expect(failures).toBe(1);
    expect(runner.state).toBe('running');
    await runner.stop();
  });

  it('never writes the same checkpoint twice: a lagging catch-up that a later write overtook is skipped', async () => {
    const onlyQr0 = countingOnlyQr0();
    const written: number[] = [];
    const apply = fixture().reads.apply.bind(fixture().reads);
    fixture().reads.apply = (ops, checkpoint) => {
      if (checkpoint?.name === onlyQr0.name) written.push(checkpoint.position);
      return apply(ops, checkpoint);
    };
    // The lagging catch-up's own timer, observed: it says when the catch-up was queued.
    const LAGGING_MS = 150;
    let laggingFired = () => {};
    const lagged = new Promise<void>((resolve) => {
      laggingFired = resolve;
    });
    const realSetTimeout = global.setTimeout;
    const timers = jest.spyOn(global, 'setTimeout').mockImplementation(((
      callback: (...args: unknown[]) => void,
      ms?: number,
      ...args: unknown[]
    ) =>
      realSetTimeout(() => {
        callback(...args);
        if (ms === LAGGING_MS) laggingFired();
      }, ms)) as typeof setTimeout);
    const runner = new ProjectorRunner(fixture().events, fixture().reads, onlyQr0, createLogger('silent'), {
      laggingCheckpointMs: LAGGING_MS,
    });
    await runner.start();
    // An event of another read model schedules the catch-up; a counted one right after writes the
    // checkpoint to the head before the catch-up runs, which then has nothing to add.
    await fixture().events.append('qr-x', [{ ...event(1), eventId: 'x1', data: { code: 'qr1', day: 'd' } }], {
      expectedRevision: 'any',
    });
    await runner.waitFor((await fixture().events.headPosition())!);
    await fixture().events.append('qr-0', [{ ...event(2), eventId: 'q2', data: { code: 'qr0', day: 'd' } }], {
      expectedRevision: 'any',
    });
    const head = (await fixture().events.headPosition())!;
    await runner.waitFor(head);
    await lagged;
    timers.mockRestore();
    // The catch-up runs in the runner's write queue: a counted event written after it proves it done.
    await fixture().events.append('qr-0', [{ ...event(3), eventId: 'q3', data: { code: 'qr0', day: 'd' } }], {
      expectedRevision: 'any',
    });
    const last = (await fixture().events.headPosition())!;
    await runner.waitFor(last);
    expect(written.slice(-2)).toEqual([head, last]);
    expect(new Set(written).size).toBe(written.length);
    await runner.stop();
  });
});

describe('projector runner, rebuild', () => {
  const fixture = useRunnerFixture();

  /** A document no event wrote: a rebuild must not keep it. */
  const stray = {
    op: 'update',
    collection: 'scan_counts',
    id: 'stray',
    set: { total: 100 },
    upsert: true,
  } as const;

  it('with a bulk path, replaces the read model in pages of the log and moves the checkpoint to the head', async () => {
    const count = REBUILD_PAGE + 3;
    await fixture().events.append(
      'qr-0',
      Array.from({ length: count }, (_, i) => event(i)),
      { expectedRevision: 'any' },
    );
    let applied = 0;
    const reads: ReadStore = {
      ...delegate(fixture().reads),
      apply: (ops, checkpoint) => {
        applied += 1;
        return fixture().reads.apply(ops, checkpoint);
      },
      bulk: (options) => fixture().reads.bulk!(options),
    };
    const runner = new ProjectorRunner(fixture().events, reads, scans(), createLogger('silent'));
    await runner.start();
    await fixture().reads.apply([stray]);
    applied = 0;
    await runner.rebuild();
    // One bulk commit: no transaction per page, and nothing left for the catch-up after it.
    expect(applied).toBe(0);
    const docs = await fixture().reads.collection('scan_counts').find();
    expect(docs.map((d) => d._id).sort()).toEqual(['qr0', 'qr1', 'qr2', 'qr3', 'qr4', 'qr5', 'qr6']);
    expect(docs.reduce((n, d) => n + (d.total as number), 0)).toBe(count);
    const head = (await fixture().events.headPosition())!;
    expect(await fixture().reads.getCheckpoint('scan-counts')).toBe(head);
    expect(runner.checkpoint).toBe(head);
    expect(runner.state).toBe('running');
    await runner.stop();
  });

  it('two rebuilds asked for at once replay the log once, and live events after them count once', async () => {
    await fixture().events.append('qr-0', [event(0), event(1), event(2)], { expectedRevision: 'any' });
    let bulks = 0;
    const reads: ReadStore = {
      ...delegate(fixture().reads),
      bulk: (options) => {
        bulks += 1;
        return fixture().reads.bulk!(options);
      },
    };
    const runner = new ProjectorRunner(fixture().events, reads, scans(), createLogger('silent'));
    await runner.start();
    await Promise.all([runner.rebuild(), runner.rebuild()]);
    expect(bulks).toBe(1);
    const { position } = await fixture().events.append('qr-0', [event(3)], { expectedRevision: 'any' });
    await runner.waitFor(position);
    const docs = await fixture().reads.collection('scan_counts').find();
    expect(docs.reduce((n, d) => n + (d.total as number), 0)).toBe(4);
    // A rebuild asked for after the first has ended runs again.
    await runner.rebuild();
    expect(bulks).toBe(2);
    await runner.stop();
  });

  it('without a bulk path, drops the read model and its checkpoint, then catches up again', async () => {
    await fixture().events.append('qr-0', [event(0), event(1)], { expectedRevision: 'any' });
    const plainStore = delegate(fixture().reads);
    const runner = new ProjectorRunner(fixture().events, plainStore, scans(), createLogger('silent'));
    await runner.start();
    await fixture().reads.apply([stray]);
    await runner.rebuild();
    const docs = await fixture().reads.collection('scan_counts').find();
    expect(docs.map((d) => d._id).sort()).toEqual(['qr0', 'qr1']);
    expect(await fixture().reads.getCheckpoint('scan-counts')).toBe(await fixture().events.headPosition());
    await runner.stop();
  });

  it('over an empty log, leaves an empty read model and no checkpoint', async () => {
    const runner = new ProjectorRunner(fixture().events, fixture().reads, scans(), createLogger('silent'));
    await fixture().reads.apply([stray], { name: 'scan-counts', position: 7 });
    await runner.rebuild();
    expect(await fixture().reads.collection('scan_counts').count()).toBe(0);
    expect(await fixture().reads.getCheckpoint('scan-counts')).toBeUndefined();
    expect(runner.checkpoint).toBeUndefined();
    await runner.stop();
  });
});

describe('projector runner, a burst of live events', () => {
  const fixture = useRunnerFixture();

  it('more events than a page arriving together are written a page per transaction', async () => {
    const batches: number[] = [];
    const counting: ReadStore = {
      ...delegate(fixture().reads),
      apply: async (ops, checkpoint) => {
        batches.push(ops.length);
        await fixture().reads.apply(ops, checkpoint);
      },
    };
    const runner = new ProjectorRunner(fixture().events, counting, scans(), createLogger('silent'));
    await runner.start();
    const burst = Array.from({ length: CATCH_UP_PAGE + 1 }, (_, i) => event(i));
    await fixture().events.append('qr-0', burst, { expectedRevision: 'any' });
    await runner.waitFor((await fixture().events.headPosition())!);
    expect(batches).toEqual([CATCH_UP_PAGE, 1]);
    await runner.stop();
  });
});

function delegate(store: ReadStore): ReadStore {
  return {
    collection: (name) => store.collection(name),
    apply: (ops, checkpoint) => store.apply(ops, checkpoint),
    getCheckpoint: (name) => store.getCheckpoint(name),
    acquireLease: (request) => store.acquireLease(request),
    releaseLease: (name, holder) => store.releaseLease(name, holder),
    getLease: (name) => store.getLease(name),
    drop: (collections) => store.drop(collections),
    ensureIndex: (collection, fields) => store.ensureIndex(collection, fields),
    close: () => store.close(),
  };
}

/** The process dies at the first write that carries a checkpoint: that write must take the batch with it. */
function crashOnFirstCheckpoint(store: ReadStore): ReadStore {
  let crashed = false;
  return {
    ...delegate(store),
    async apply(ops, checkpoint) {
      if (checkpoint && !crashed) {
        crashed = true;
        throw engineDied('crash while writing the checkpoint');
      }
      await store.apply(ops, checkpoint);
    },
  };
}
