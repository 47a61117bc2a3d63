import type { RecordedEvent } from '@studio/events';
import { createSqliteEventStore } from '../eventstore/sqlite';
import { createLogger } from '../logging';
import type { Doc } from '../readstore/port';
import { createSqliteReadStore } from '../readstore/sqlite';
import { tempDataDir } from '../testing';
import { CATCH_UP_PAGE, type Projection, ProjectorRunner } from './projector';

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
});
