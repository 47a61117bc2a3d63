import { qrActivityStream } from '@studio/events';
import type { EventStore } from '../platform/eventstore/port';
import type { Logger } from '../platform/logging';
import { faultyEventStore } from '../testing/faults/eventstore';
import { faultyReadStore } from '../testing/faults/readstore';
import { FaultSwitch } from '../testing/faults/switch';
import { eventually } from '../testing/helpers';
import { openRunnerFixture, type RunnerFixture } from '../testing/runner-fixtures';
import { initialQrState, type QrCodeState } from './decider';
import { QR_VISITORS, visitorKey } from './projections';
import { DECIDE_SLICE, ScanRecorder, type Visit } from './scan-recorder';
import { VisitorHasher } from './visitors';

const code: QrCodeState = {
  ...initialQrState,
  exists: true,
  qrId: 'AbCdEfGhIjKl',
  userId: 'recOwner',
  title: 'Book',
  url: 'https://example.com/',
};
const other: QrCodeState = { ...code, qrId: 'MnOpQrStUvWx' };
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';
const T0 = Date.parse('2026-11-22T10:00:00.000Z');
const visit = (minutes: number, via: Visit['via'] = 'redirect', over: Partial<Visit> = {}): Visit => ({
  address: '203.0.113.7',
  userAgent: FIREFOX,
  referer: 'https://social.example/post/1',
  host: 'studio.example',
  at: new Date(T0 + minutes * 60_000),
  via,
  ...over,
});

describe('QR scan recorder', () => {
  let fixture: RunnerFixture;
  let errors: Array<{ fields: Record<string, unknown>; message: string }>;
  let logger: Logger;
  const recorder = (eventStore: EventStore = fixture.events, flushMs = 60_000) =>
    new ScanRecorder({
      eventStore,
      readStore: fixture.reads,
      hasher: new VisitorHasher(fixture.reads),
      logger,
      flushMs, // by default long: the tests flush themselves
    });
  /** Every scan recorded for the code, out of its batches, each with its code and without its time. */
  const scans = async (qr: QrCodeState = code): Promise<Array<Record<string, unknown>>> =>
    (await fixture.events.readStream(qrActivityStream(qr.qrId))).flatMap((e) =>
      e.type === 'QrScansRecorded'
        ? (e.data as { qrId: string; scans: Array<Record<string, unknown>> }).scans.map(
            ({ at: _at, ...scan }) => ({
              qrId: (e.data as { qrId: string }).qrId,
              ...scan,
            }),
          )
        : [],
    );

  beforeEach(() => {
    fixture = openRunnerFixture();
    errors = [];
    logger = {
      error: (fields: Record<string, unknown>, message: string) => errors.push({ fields, message }),
    } as unknown as Logger;
  });
  afterEach(() => fixture.dispose());

  it('records a person’s scan on the activity stream: hashed visitor, agent, referring host, how it came', async () => {
    const scans$ = recorder();
    expect(await scans$.record(code, visit(0))).toBe(true);
    await scans$.flush();
    const [recorded] = await fixture.events.readStream(qrActivityStream(code.qrId));
    expect(recorded?.metadata).toMatchObject({ causationId: 'scans', occurredAt: visit(0).at.toISOString() });
    const [scan, ...more] = await scans();
    expect(more).toEqual([]);
    expect(scan).toEqual({
      qrId: code.qrId,
      day: '2026-11-22',
      visitor: expect.stringMatching(/^[\w-]{22}$/),
      firstVisitOfDay: true,
      device: 'Desktop',
      os: 'Windows',
      browser: 'Firefox',
      referrer: 'social.example',
      via: 'redirect',
    });
    expect(JSON.stringify(scan)).not.toContain('203.0.113.7');
  });

  it('counts nothing for a bot, a code with tracking off, a deleted code or one that does not exist', async () => {
    const scans$ = recorder();
    expect(await scans$.record(code, visit(0, 'redirect', { userAgent: 'Googlebot/2.1' }))).toBe(false);
    expect(await scans$.record(code, visit(0, 'redirect', { userAgent: '' }))).toBe(false);
    expect(await scans$.record({ ...code, trackingEnabled: false }, visit(0))).toBe(false);
    expect(await scans$.record({ ...code, deleted: true }, visit(0))).toBe(false);
    expect(await scans$.record({ ...code, exists: false }, visit(0))).toBe(false);
    await scans$.flush();
    expect(await scans()).toEqual([]);
    // Turned away before deciding: not an error of the recorder.
    expect(errors).toEqual([]);
  });

  it('a visitor’s second scan of the day is not their first, in this process or after the read model saw them', async () => {
    const scans$ = recorder();
    await scans$.record(code, visit(0));
    await scans$.record(code, visit(1));
    await scans$.flush();
    expect((await scans()).map((s) => s.firstVisitOfDay)).toEqual([true, false]);

    // Another process: only the read model knows this visitor already came today.
    const [first] = await scans();
    await fixture.reads.collection(QR_VISITORS).put({
      _id: visitorKey(code.qrId, '2026-11-22', first!.visitor as string),
      qrId: code.qrId,
      day: '2026-11-22',
    });
    const restarted = recorder();
    await restarted.record(code, visit(2));
    await restarted.flush();
    expect((await scans()).map((s) => s.firstVisitOfDay)).toEqual([true, false, false]);
  });

  it('the landing page’s own beacon within five minutes is the same load; a later or unmatched beacon is a scan', async () => {
    const scans$ = recorder();
    expect(await scans$.record(code, visit(0, 'landing'))).toBe(true);
    expect(await scans$.record(code, visit(4.9, 'beacon'))).toBe(false);
    // That load's beacon was used up: the next one is a scan of its own.
    expect(await scans$.record(code, visit(4.95, 'beacon'))).toBe(true);

    expect(await scans$.record(code, visit(10, 'landing'))).toBe(true);
    expect(await scans$.record(code, visit(15, 'beacon'))).toBe(true);
    await scans$.flush();
    expect((await scans()).map((s) => s.via)).toEqual(['landing', 'beacon', 'landing', 'beacon']);
  });

  it('a queued visit is decided with its batch, in arrival order, and before a beacon that follows it', async () => {
    const scans$ = recorder();
    scans$.queue(code, visit(0, 'landing'));
    scans$.queue(code, visit(0.5, 'redirect', { userAgent: 'Googlebot/2.1' }));
    // Its page's beacon comes before the batch closes: the queued load is decided first.
    expect(await scans$.record(code, visit(1, 'beacon'))).toBe(false);
    scans$.queue(code, visit(2, 'redirect'));
    expect(await scans()).toEqual([]);
    await scans$.flush();
    expect((await scans()).map((s) => [s.via, s.firstVisitOfDay])).toEqual([
      ['landing', true],
      ['redirect', false],
    ]);
  });

  it('a queued visit that cannot be decided is logged and the rest of the batch is still recorded', async () => {
    const failingHasher = new VisitorHasher(fixture.reads);
    const hash = failingHasher.hash.bind(failingHasher);
    failingHasher.hash = (qrId, day, who) =>
      who.startsWith('198.51.100.9\n') ? Promise.reject(new Error('no salt')) : hash(qrId, day, who);
    const scans$ = new ScanRecorder({
      eventStore: fixture.events,
      readStore: fixture.reads,
      hasher: failingHasher,
      logger,
      flushMs: 60_000,
    });
    scans$.queue(code, visit(0, 'redirect', { address: '198.51.100.9' }));
    scans$.queue(code, visit(1));
    await scans$.flush();
    expect(errors).toEqual([
      { fields: expect.objectContaining({ qrId: code.qrId }), message: 'scan not recorded' },
    ]);
    expect(await scans()).toHaveLength(1);
    // A beacon that cannot be decided is answered as not counted.
    expect(await scans$.record(code, visit(2, 'beacon', { address: '198.51.100.9' }))).toBe(false);
  });

  it('a long batch lets other work run every few hundred visits while it decides', async () => {
    let hashed = 0;
    const hasher = new VisitorHasher(fixture.reads);
    const hash = hasher.hash.bind(hasher);
    hasher.hash = (...args) => {
      hashed += 1;
      return hash(...args);
    };
    const scans$ = new ScanRecorder({
      eventStore: fixture.events,
      readStore: fixture.reads,
      hasher,
      logger,
      flushMs: 60_000,
    });
    for (let i = 0; i < DECIDE_SLICE * 2 + 50; i++)
      scans$.queue(code, visit(i / 100, 'redirect', { address: `198.51.${Math.floor(i / 250)}.${i % 250}` }));
    const flushing = scans$.flush();
    let hashedWhenOthersRan = -1;
    setImmediate(() => {
      hashedWhenOthersRan = hashed;
    });
    await flushing;
    expect(hashedWhenOthersRan).toBe(DECIDE_SLICE);
    expect(await scans()).toHaveLength(DECIDE_SLICE * 2 + 50);
  });

  it('a batch is appended its window after its first visit, never earlier, whatever was flushed before', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date', 'performance'] });
    try {
      let appends = 0;
      const counting: EventStore = {
        ...fixture.events,
        append: (stream, events, options) => {
          appends += 1;
          return fixture.events.append(stream, events, options);
        },
      };
      const settle = async () => {
        for (let i = 0; i < 5; i++) await new Promise(setImmediate);
      };
      const scans$ = recorder(counting, 100);
      scans$.queue(code, visit(0));
      await jest.advanceTimersByTimeAsync(10);
      scans$.queue(code, visit(1));
      await scans$.flush(); // early, at 10 ms: its window's timer goes with it
      expect(appends).toBe(1);
      await jest.advanceTimersByTimeAsync(50);
      scans$.queue(code, visit(2)); // at 60 ms: its own window ends at 160 ms
      await jest.advanceTimersByTimeAsync(60);
      await settle();
      expect(appends).toBe(1);
      await jest.advanceTimersByTimeAsync(40);
      await settle();
      expect(appends).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('stop decides and appends the visits still queued', async () => {
    const scans$ = recorder();
    scans$.queue(code, visit(0));
    scans$.queue(other, visit(0));
    await scans$.stop();
    expect(await scans(code)).toHaveLength(1);
    expect(await scans(other)).toHaveLength(1);
  });

  it('appends each code’s scans together, and on its own, once the batch window closes', async () => {
    const appends: string[] = [];
    const counting: EventStore = {
      ...fixture.events,
      append: (stream, events, options) => {
        // Without an fsync of its own: nobody waits on a batch of scans.
        appends.push(`${stream}:${events.length}:${options.lazySync}`);
        return fixture.events.append(stream, events, options);
      },
    };
    const scans$ = recorder(counting, 50);
    await scans$.record(code, visit(0));
    await scans$.record(code, visit(0, 'redirect', { address: '198.51.100.1' }));
    scans$.queue(other, visit(0));
    expect(appends).toEqual([]);
    // No flush called: the recorder's own timer writes the batch, one event per code.
    await eventually(async () => appends.length === 2);
    expect(appends.sort()).toEqual([
      `${qrActivityStream(code.qrId)}:1:true`,
      `${qrActivityStream(other.qrId)}:1:true`,
    ]);
    expect(await scans(code)).toHaveLength(2);
    expect(await scans(other)).toHaveLength(1);
  });

  it('a batch that cannot be written is logged per code and does not stop the next one', async () => {
    let failing = true;
    const flaky: EventStore = {
      ...fixture.events,
      append: (stream, events, options) =>
        failing ? Promise.reject(new Error('disk full')) : fixture.events.append(stream, events, options),
    };
    const scans$ = recorder(flaky);
    await scans$.record(code, visit(0));
    await scans$.flush();
    expect(errors).toEqual([
      { fields: expect.objectContaining({ qrId: code.qrId, scans: 1 }), message: 'scans not recorded' },
    ]);
    failing = false;
    await scans$.record(code, visit(1));
    await scans$.flush();
    expect(await scans()).toHaveLength(1);
  });

  it('an event store out of reach loses no answered scan: the batch is kept, in order, and appended once it is back', async () => {
    const faults = new FaultSwitch('event store');
    const scans$ = recorder(faultyEventStore(fixture.events, faults));
    faults.down();
    scans$.queue(code, visit(0, 'redirect', { address: '198.51.100.1' }));
    scans$.queue(code, visit(1, 'redirect', { address: '198.51.100.2' }));
    await scans$.flush();
    expect(await scans()).toEqual([]);
    scans$.queue(code, visit(2, 'redirect', { address: '198.51.100.3' }));
    await scans$.flush();
    faults.up();
    // No flush called: the recorder tries again by itself.
    await eventually(async () => (await scans()).length === 3);
    expect((await scans()).map((s) => s.firstVisitOfDay)).toEqual([true, true, true]);
    expect(errors).toEqual([]);
  });

  it('a read store out of reach: the visits it could not decide wait, ahead of newer ones, and count once it is back', async () => {
    const faults = new FaultSwitch('read store');
    const scans$ = new ScanRecorder({
      eventStore: fixture.events,
      readStore: faultyReadStore(fixture.reads, faults),
      hasher: new VisitorHasher(faultyReadStore(fixture.reads, faults)),
      logger,
      flushMs: 60_000,
    });
    faults.down();
    scans$.queue(code, visit(0, 'redirect', { address: '198.51.100.1' }));
    scans$.queue(other, visit(1, 'redirect', { address: '198.51.100.2' }));
    await scans$.flush();
    expect([...(await scans()), ...(await scans(other))]).toEqual([]);
    faults.up();
    scans$.queue(code, visit(2, 'redirect', { address: '198.51.100.3' }));
    await eventually(async () => (await scans()).length === 2 && (await scans(other)).length === 1);
    // Ten scans per visitor and window still hold: a retried visit was not counted twice.
    for (let i = 0; i < 12; i++) scans$.queue(code, visit(3, 'redirect', { address: '198.51.100.1' }));
    await scans$.flush();
    expect(await scans()).toHaveLength(2 + 9);
    expect(errors).toEqual([]);
  });
});
