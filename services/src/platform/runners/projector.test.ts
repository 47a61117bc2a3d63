import type { RecordedEvent } from '@studio/events';
import { createSqliteEventStore } from '../eventstore/sqlite';
import { createLogger } from '../logging';
import type { Doc, ReadStore } from '../readstore/port';
import { createSqliteReadStore } from '../readstore/sqlite';
import { tempDataDir } from '../testing';
import { CATCH_UP_PAGE, IDLE_CHECKPOINT_EVERY, type Projection, ProjectorRunner } from './projector';
import { openRunnerFixture, type RunnerFixture } from './runner-fixtures';

/** Counts scans per code and day: increments, so a double-applied batch would show. */
const scans = (failAt?: { position: number; times: number }): Projection => ({
  name: 'scan-counts',
  collections: ['scan_counts'],
  handles: ['Scanned'],
  project(event: RecordedEvent) {
    if (failAt && event.position === failAt.position && failAt.times > 0) {
      failAt.times -= 1;
      throw new Error('crash in the middle of a batch');
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
  it('never hands a projection an event type it does not declare', async () => {
    const tmp = tempDataDir();
    const events = createSqliteEventStore(`${tmp.dir}/events.db`);
    const reads = createSqliteReadStore(`${tmp.dir}/read.db`);
    try {
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
    } finally {
      await events.close();
      await reads.close();
      tmp.remove();
    }
  });

  it('stopped in the middle of a batch and restarted, ends identical to a full rebuild', async () => {
    const tmp = tempDataDir();
    const events = createSqliteEventStore(`${tmp.dir}/events.db`);
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
      await expect(crashing.start()).rejects.toThrow('crash in the middle of a batch');
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
    const tmp = tempDataDir();
    const events = createSqliteEventStore(`${tmp.dir}/events.db`);
    const reads = createSqliteReadStore(`${tmp.dir}/read.db`);
    const logger = createLogger('silent');
    try {
      for (let i = 0; i < 10; i++) await events.append(`qr-${i}`, [event(i)], { expectedRevision: 'any' });

      const crashing = new ProjectorRunner(events, crashOnFirstCheckpoint(reads), scans(), logger);
      await expect(crashing.start()).rejects.toThrow('crash while writing the checkpoint');
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
    } finally {
      await events.close();
      await reads.close();
      tmp.remove();
    }
  });

  it('live events that change nothing cost no transaction each, and a restart still ends right', async () => {
    const tmp = tempDataDir();
    const events = createSqliteEventStore(`${tmp.dir}/events.db`);
    const reads = createSqliteReadStore(`${tmp.dir}/read.db`);
    const logger = createLogger('silent');
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
    try {
      const runner = new ProjectorRunner(events, reads, onlyQr0, logger);
      await runner.start();
      await events.append('qr-0', [event(0)], { expectedRevision: 'any' });
      await runner.waitFor((await events.headPosition())!);
      const written = await reads.getCheckpoint('qr0');
      for (let i = 1; i <= 6; i++)
        await events.append('qr-x', [event(i * 7 + 1)], { expectedRevision: 'any' });
      const head = (await events.headPosition())!;
      await runner.waitFor(head);
      // Live and caught up, but the ignored events did not move the stored checkpoint.
      expect(runner.checkpoint).toBe(head);
      expect(await reads.getCheckpoint('qr0')).toBe(written);
      await runner.stop();

      // Past IDLE_CHECKPOINT_EVERY ignored events the checkpoint is written anyway.
      for (let i = 0; i < IDLE_CHECKPOINT_EVERY; i++)
        await events.append('qr-x', [event(i * 7 + 2)], { expectedRevision: 'any' });
      const restarted = new ProjectorRunner(events, reads, onlyQr0, logger);
      await restarted.start();
      await events.append('qr-0', [event(7000)], { expectedRevision: 'any' });
      await restarted.waitFor((await events.headPosition())!);
      expect((await reads.collection('qr0').get('qr0'))?.total).toBe(2);
      expect(await reads.getCheckpoint('qr0')).toBe(await events.headPosition());
      await restarted.stop();
    } finally {
      await events.close();
      await reads.close();
      tmp.remove();
    }
  });
});

describe('projector runner, live', () => {
  let fixture: RunnerFixture;
  beforeEach(() => {
    fixture = openRunnerFixture();
  });
  afterEach(() => fixture.dispose());

  const total = async () =>
    (await fixture.reads.collection('scan_counts').find()).reduce((n, d) => n + (d.total as number), 0);

  it('creates the indexes its projection asks for', async () => {
    const calls: string[] = [];
    const spied: ReadStore = {
      ...delegate(fixture.reads),
      ensureIndex: async (collection, fields) => {
        calls.push(`${collection}:${fields.join(',')}`);
        await fixture.reads.ensureIndex(collection, fields);
      },
    };
    const runner = new ProjectorRunner(
      fixture.events,
      spied,
      { ...scans(), indexes: [{ collection: 'scan_counts', fields: ['code', 'total'] }] },
      fixture.logger,
    );
    await runner.start();
    await runner.stop();
    expect(calls).toEqual(['scan_counts:code,total']);
  });

  it('projects new events as they are appended, and waitFor resolves once a position is applied', async () => {
    await fixture.events.append('qr-0', [event(0)], { expectedRevision: 'any' });
    const runner = new ProjectorRunner(fixture.events, fixture.reads, scans(), fixture.logger);
    await runner.start();
    const first = (await fixture.events.headPosition())!;
    expect(runner.checkpoint).toBe(first);
    await expect(runner.waitFor(first)).resolves.toBeUndefined();

    let later = false;
    const waiting = runner.waitFor(first + 2).then(() => {
      later = true;
    });
    await fixture.events.append('qr-1', [event(1)], { expectedRevision: 'any' });
    await runner.waitFor(first + 1);
    expect(later).toBe(false);
    await fixture.events.append('qr-2', [event(2)], { expectedRevision: 'any' });
    await waiting;
    expect(await total()).toBe(3);
    expect(await fixture.reads.getCheckpoint('scan-counts')).toBe(runner.checkpoint);
    await runner.stop();
  });

  it('live events appended together are applied in one transaction with one checkpoint', async () => {
    let transactions = 0;
    const counting: ReadStore = {
      ...delegate(fixture.reads),
      apply: async (ops, checkpoint) => {
        transactions += 1;
        await fixture.reads.apply(ops, checkpoint);
      },
    };
    const runner = new ProjectorRunner(fixture.events, counting, scans(), fixture.logger);
    await runner.start();
    transactions = 0;
    const batch = Array.from({ length: 50 }, (_, i) => event(i));
    await fixture.events.append('qr-0', batch, { expectedRevision: 'any' });
    const head = (await fixture.events.headPosition())!;
    await runner.waitFor(head);
    expect(await total()).toBe(50);
    expect(transactions).toBe(1);
    expect(await fixture.reads.getCheckpoint('scan-counts')).toBe(head);
    await runner.stop();
  });

  it('once stopped, projects nothing more; started again, it resumes from its checkpoint', async () => {
    const runner = new ProjectorRunner(fixture.events, fixture.reads, scans(), fixture.logger);
    await runner.start();
    await fixture.events.append('qr-0', [event(0)], { expectedRevision: 'any' });
    await runner.waitFor((await fixture.events.headPosition())!);
    await runner.stop();

    await fixture.events.append('qr-1', [event(1)], { expectedRevision: 'any' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await total()).toBe(1);

    const again = new ProjectorRunner(fixture.events, fixture.reads, scans(), fixture.logger);
    await again.start();
    expect(await total()).toBe(2);
    await again.stop();
  });
});

function delegate(store: ReadStore): ReadStore {
  return {
    collection: (name) => store.collection(name),
    apply: (ops, checkpoint) => store.apply(ops, checkpoint),
    getCheckpoint: (name) => store.getCheckpoint(name),
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
        throw new Error('crash while writing the checkpoint');
      }
      await store.apply(ops, checkpoint);
    },
  };
}
