import path from 'node:path';
import type { RecordedEvent } from '@studio/events';
import { createSqliteReadStore } from '../platform/readstore/sqlite';
import { tempDataDir } from '../platform/testing';
import { qrAnalytics } from './analytics';
import { qrProjection } from './projections';

let position = 0;
const event = (type: string, data: Record<string, unknown>, at = '2026-11-20T10:00:00.000Z'): RecordedEvent =>
  ({
    eventId: `e${++position}`,
    type,
    data,
    metadata: { correlationId: 'c', causationId: 'c', occurredAt: at, schemaVersion: 1 },
    streamName: 'qractivity-AbCdEfGhIjKl',
    revision: position,
    position,
  }) as unknown as RecordedEvent;

const qrId = 'AbCdEfGhIjKl';
const scan = (day: string, visitor: string, firstVisitOfDay: boolean, os = 'iOS') =>
  event('QrScanned', {
    qrId,
    day,
    visitor,
    firstVisitOfDay,
    device: 'Mobile',
    os,
    browser: 'Safari',
    referrer: 'Direct',
  });

describe('QR projection', () => {
  const tmp = tempDataDir();
  const readStore = createSqliteReadStore(path.join(tmp.dir, 'read.db'));
  afterAll(async () => {
    await readStore.close();
    tmp.remove();
  });

  it('given scans and signups, gives daily rows with uniques, signups, conversion and breakdowns', async () => {
    const events = [
      event('QrCodeCreated', {
        qrId,
        userId: 'u',
        title: 'T',
        url: 'x',
        linkType: 'landing',
        trackingEnabled: true,
      }),
      scan('2026-11-20', 'a', true),
      scan('2026-11-20', 'a', false),
      scan('2026-11-20', 'b', true, 'Android'),
      scan('2026-11-21', 'a', true),
      event('QrSignupRecorded', { qrId, email: 'x@example.com', source: 'signup', day: '2026-11-20' }),
    ];
    await readStore.apply(events.flatMap((e) => qrProjection.project(e)));
    const all = await qrAnalytics(readStore, qrId);
    expect(all.dailyAnalytics).toEqual([
      { date: '2026-11-20', scans: 3, uniqueVisitors: 2, signups: 1, conversionRate: 33.33 },
      { date: '2026-11-21', scans: 1, uniqueVisitors: 1, signups: 0, conversionRate: 0 },
    ]);
    expect(all).toMatchObject({ scanCount: 4, uniqueVisitors: 3, emailSignupCount: 1, conversionRate: 25 });
    expect(all.breakdowns.os).toEqual([
      { name: 'iOS', count: 3 },
      { name: 'Android', count: 1 },
    ]);
    const oneDay = await qrAnalytics(readStore, qrId, { from: '2026-11-21', to: '2026-11-21' });
    expect(oneDay).toMatchObject({ scanCount: 1, emailSignupCount: 0, conversionRate: 0 });
    expect(oneDay.breakdowns.os).toEqual([{ name: 'iOS', count: 1 }]);
    const list = await readStore.collection('qr_codes').get(qrId);
    expect(list).toMatchObject({ scans: 4, signups: 1, linkType: 'landing' });
  });

  it('a QrScansRecorded batch gives the same documents as the same scans one event each', async () => {
    const one = createSqliteReadStore(path.join(tmp.dir, 'one.db'));
    const batched = createSqliteReadStore(path.join(tmp.dir, 'batched.db'));
    try {
      const created = event('QrCodeCreated', {
        qrId,
        userId: 'u',
        title: 'T',
        url: 'x',
        linkType: 'direct',
        trackingEnabled: true,
      });
      const scans = [
        scan('2026-11-20', 'a', true),
        scan('2026-11-20', 'a', false, 'Android'),
        scan('2026-11-21', 'b', true),
        scan('2026-11-21', 'c', true, 'Windows'),
      ];
      await one.apply([created, ...scans].flatMap((e) => qrProjection.project(e)));
      const batch = event('QrScansRecorded', {
        qrId,
        scans: scans.map((e) => {
          const { qrId: _id, ...data } = e.data as Record<string, unknown>;
          return { ...data, at: e.metadata.occurredAt };
        }),
      });
      await batched.apply([created, batch].flatMap((e) => qrProjection.project(e)));
      for (const collection of qrProjection.collections)
        expect(await batched.collection(collection).find({}, { sort: { _id: 1 } })).toEqual(
          await one.collection(collection).find({}, { sort: { _id: 1 } }),
        );
      expect((await qrAnalytics(batched, qrId)).scanCount).toBe(4);
    } finally {
      await one.close();
      await batched.close();
    }
  });

  it('a code with no scans has conversion 0, not NaN', async () => {
    const analytics = await qrAnalytics(readStore, 'NoScansAtAll');
    expect(analytics).toMatchObject({ scanCount: 0, conversionRate: 0, dailyAnalytics: [] });
  });

  it('deleting a code removes its list row and its signups', async () => {
    await readStore.apply(qrProjection.project(event('QrCodeDeleted', { qrId })));
    expect(await readStore.collection('qr_codes').get(qrId)).toBeNull();
    expect(await readStore.collection('qr_signups').count({ qrId })).toBe(0);
  });
});
