import path from 'node:path';
import type { QrEvent, RecordedEvent } from '@studio/events';
import fc from 'fast-check';
import { fieldPathSegments } from '../platform/readstore/field-path';
import { createSqliteReadStore } from '../platform/readstore/sqlite';
import { tempDataDir } from '../testing/helpers';
import { GIVEN_AT, type GivenEvent, projectionSpec } from '../testing/projection-spec';
import { qrAnalytics } from './analytics';
import { breakdownKey, breakdownName, OTHER_KEY } from './breakdown-keys';
import { QR_CODES, QR_DAILY, QR_SIGNUPS, QR_VISITORS, qrProjection } from './projections';

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
      // Visitor a converts (twice: one conversion); a signup with no counted visit is only listed.
      event('QrSignupRecorded', {
        qrId,
        email: 'x@example.com',
        source: 'signup',
        day: '2026-11-20',
        visitor: 'a',
        converted: true,
      }),
      event('QrSignupRecorded', {
        qrId,
        email: 'y@example.com',
        source: 'signup',
        day: '2026-11-20',
        visitor: 'a',
      }),
      event('QrSignupRecorded', { qrId, email: 'z@example.com', source: 'signup', day: '2026-11-20' }),
    ];
    await readStore.apply(events.flatMap((e) => qrProjection.project(e)));
    const all = await qrAnalytics(readStore, qrId);
    expect(all.dailyAnalytics).toEqual([
      { date: '2026-11-20', scans: 3, uniqueVisitors: 2, signups: 3, conversions: 1, conversionRate: 50 },
      { date: '2026-11-21', scans: 1, uniqueVisitors: 1, signups: 0, conversions: 0, conversionRate: 0 },
    ]);
    expect(all).toMatchObject({
      scanCount: 4,
      uniqueVisitors: 3,
      emailSignupCount: 3,
      conversions: 1,
      untrackedSignups: 1,
      conversionRate: 33.33,
    });
    expect(await readStore.collection('qr_visitors').get(`${qrId}:2026-11-20:a`)).toMatchObject({
      converted: true,
    });
    expect(all.breakdowns.os).toEqual([
      { name: 'iOS', count: 3 },
      { name: 'Android', count: 1 },
    ]);
    const oneDay = await qrAnalytics(readStore, qrId, { from: '2026-11-21', to: '2026-11-21' });
    expect(oneDay).toMatchObject({ scanCount: 1, emailSignupCount: 0, conversionRate: 0 });
    expect(oneDay.breakdowns.os).toEqual([{ name: 'iOS', count: 1 }]);
    const list = await readStore.collection('qr_codes').get(qrId);
    expect(list).toMatchObject({ scans: 4, signups: 3, linkType: 'landing' });
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

describe('QR breakdowns keyed by what visitors send', () => {
  const tmp = tempDataDir();
  afterAll(() => tmp.remove());

  it('counts referrer hosts and agent names that look like prototype properties or path syntax, and shows them as sent', async () => {
    const readStore = createSqliteReadStore(path.join(tmp.dir, 'hostile.db'));
    try {
      const visit = (referrer: string, browser = 'Chrome') =>
        event('QrScanned', {
          qrId,
          day: '2026-11-20',
          visitor: referrer,
          firstVisitOfDay: true,
          device: 'Desktop',
          os: 'Linux',
          browser,
          referrer,
        });
      const referrers = [
        'news.example',
        'constructor',
        '__proto__',
        '__proto__',
        'prototype',
        'toString',
        'www.facebook.com',
        'a$b',
        '$where',
        '100%.sure',
      ];
      const events = [
        event('QrCodeCreated', { qrId, userId: 'u', title: 'T', linkType: 'direct', trackingEnabled: true }),
        ...referrers.map((r) => visit(r)),
        visit('t.co', 'constructor'),
      ];
      // One event per transaction, as the live runner applies them.
      for (const e of events) await readStore.apply(qrProjection.project(e));
      const stats = await qrAnalytics(readStore, qrId);
      expect(stats.scanCount).toBe(referrers.length + 1);
      expect(stats.breakdowns.referrer).toEqual([
        { name: '__proto__', count: 2 },
        { name: '$where', count: 1 },
        { name: '100%.sure', count: 1 },
        { name: 'a$b', count: 1 },
        { name: 'constructor', count: 1 },
        { name: 'news.example', count: 1 },
        { name: 'prototype', count: 1 },
        { name: 't.co', count: 1 },
        { name: 'toString', count: 1 },
        { name: 'www.facebook.com', count: 1 },
      ]);
      expect(stats.breakdowns.browser).toEqual([
        { name: 'Chrome', count: referrers.length },
        { name: 'constructor', count: 1 },
      ]);
    } finally {
      await readStore.close();
    }
  });

  it('encodes every value as a key the store accepts and decodes it back to the value', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100, unit: 'binary' }), (value) => {
        const key = breakdownKey(value);
        // A valid single path segment of every adapter, and no property any object inherits.
        expect(fieldPathSegments(`referrer.${key}`)).toEqual(['referrer', key]);
        expect(key in {}).toBe(false);
        expect(breakdownName(key)).toBe(value || 'Unknown');
      }),
    );
    expect(breakdownName('www_facebook_com')).toBe('www_facebook_com');
  });
});

describe('QR projection: given events, then documents (live and bulk)', () => {
  const spec = projectionSpec<QrEvent>(qrProjection);
  const stream = 'qrcode-q1';
  const activity = 'qractivity-q1';
  const at = GIVEN_AT;
  const created: GivenEvent<QrEvent> = {
    stream,
    type: 'QrCodeCreated',
    data: {
      qrId: 'q1',
      userId: 'u1',
      title: 'Menu',
      url: 'https://cafe.example',
      linkType: 'landing',
      trackingEnabled: true,
    },
  };
  const given: GivenEvent<QrEvent>[] = [
    created,
    { stream, type: 'QrCodeUpdated', data: { qrId: 'q1', title: 'Lunch menu' } },
    {
      stream: activity,
      type: 'QrScanned',
      data: {
        qrId: 'q1',
        day: '2026-11-20',
        visitor: 'v1',
        firstVisitOfDay: true,
        device: 'Mobile',
        os: 'iOS',
        browser: 'Safari',
        referrer: 'Direct',
      },
    },
    {
      stream: activity,
      type: 'QrScansRecorded',
      data: {
        qrId: 'q1',
        scans: [
          {
            at,
            day: '2026-11-20',
            visitor: 'v1',
            firstVisitOfDay: false,
            device: 'Mobile',
            os: 'iOS',
            browser: 'Safari',
            referrer: 'Direct',
          },
          {
            at,
            day: '2026-11-21',
            visitor: 'v2',
            firstVisitOfDay: true,
            device: 'Desktop',
            os: 'Windows',
            browser: 'Edge',
          },
        ],
      },
    },
    {
      stream: activity,
      type: 'QrSignupRecorded',
      data: { qrId: 'q1', email: 'ada@example.com', source: 'signup', day: '2026-11-20' },
    },
    {
      stream: activity,
      type: 'QrSignupsRefused',
      data: { qrId: 'q1', day: '2026-11-21', refused: { honeypot: 2, token: 0 } },
    },
    { stream, type: 'QrTrackingToggled', data: { qrId: 'q1', trackingEnabled: false } },
  ];
  const count = (value: string, n: number) => ({ [breakdownKey(value)]: n });
  const days = [
    {
      _id: 'q1:2026-11-20',
      qrId: 'q1',
      day: '2026-11-20',
      scans: 2,
      uniques: 1,
      signups: 1,
      device: count('Mobile', 2),
      os: count('iOS', 2),
      browser: count('Safari', 2),
      referrer: count('Direct', 2),
    },
    {
      _id: 'q1:2026-11-21',
      qrId: 'q1',
      day: '2026-11-21',
      scans: 1,
      uniques: 1,
      signups: 0,
      device: count('Desktop', 1),
      os: count('Windows', 1),
      browser: count('Edge', 1),
      // A scan that sent no referrer is counted as Unknown.
      referrer: count('Unknown', 1),
      // Only reasons with a whole positive count are tallied.
      refused: { honeypot: 2 },
    },
  ];
  const visitors = [
    { _id: 'q1:2026-11-20:v1', qrId: 'q1', day: '2026-11-20' },
    { _id: 'q1:2026-11-21:v2', qrId: 'q1', day: '2026-11-21' },
  ];

  it('a code, its scans one at a time and in a batch, a signup and refusals: list row, days, visitors, signups', () =>
    spec.given(given).then({
      [QR_CODES]: [
        {
          _id: 'q1',
          userId: 'u1',
          title: 'Lunch menu',
          linkType: 'landing',
          trackingEnabled: false,
          createdAt: at,
          scans: 3,
          signups: 1,
        },
      ],
      [QR_DAILY]: days,
      [QR_VISITORS]: visitors,
      [QR_SIGNUPS]: [{ _id: 'e5', qrId: 'q1', email: 'ada@example.com', name: '', timestamp: at }],
    }));

  it('deleting a code removes its list row and its signups; the day counters stay', () =>
    spec.given([...given, { stream, type: 'QrCodeDeleted', data: { qrId: 'q1' } }]).then({
      [QR_DAILY]: days,
      [QR_VISITORS]: visitors,
    }));

  it('a value the recorder found past the day’s cap (null) is counted under Other, apart from every named value', () =>
    spec
      .given([
        created,
        {
          stream: activity,
          type: 'QrScansRecorded',
          data: {
            qrId: 'q1',
            scans: ['v1', 'v2'].map((visitor) => ({
              at,
              day: '2026-11-22',
              visitor,
              firstVisitOfDay: true,
              device: 'Mobile',
              os: 'Android',
              browser: null,
              referrer: visitor === 'v1' ? 'news.example' : null,
            })),
          },
        },
      ])
      .then({
        [QR_CODES]: [
          {
            _id: 'q1',
            userId: 'u1',
            title: 'Menu',
            linkType: 'landing',
            trackingEnabled: true,
            createdAt: at,
            scans: 2,
            signups: 0,
          },
        ],
        [QR_DAILY]: [
          {
            _id: 'q1:2026-11-22',
            qrId: 'q1',
            day: '2026-11-22',
            scans: 2,
            uniques: 2,
            signups: 0,
            device: count('Mobile', 2),
            os: count('Android', 2),
            browser: { [OTHER_KEY]: 2 },
            referrer: { ...count('news.example', 1), [OTHER_KEY]: 1 },
          },
        ],
        [QR_VISITORS]: [
          { _id: 'q1:2026-11-22:v1', qrId: 'q1', day: '2026-11-22' },
          { _id: 'q1:2026-11-22:v2', qrId: 'q1', day: '2026-11-22' },
        ],
      }));

  it('a code created before its link type and tracking were recorded is a tracked direct code', () => {
    const { linkType: _l, trackingEnabled: _t, ...early } = created.data as Record<string, unknown>;
    return spec.given([{ ...created, data: early } as GivenEvent<QrEvent>]).then({
      [QR_CODES]: [
        {
          _id: 'q1',
          userId: 'u1',
          title: 'Menu',
          linkType: 'direct',
          trackingEnabled: true,
          createdAt: at,
          scans: 0,
          signups: 0,
        },
      ],
    });
  });
});
