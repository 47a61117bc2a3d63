import type { QrScanRecord } from '@studio/events';
import { LRUCache } from 'lru-cache';
import { utcDay } from '../platform/clock';
import type { EventStore } from '../platform/eventstore/port';
import { isEngineUnreachable } from '../platform/faults/unavailable';
import type { Logger } from '../platform/logging';
import type { ReadStore } from '../platform/readstore/port';
import { BreakdownCap } from './breakdown-cap';
import { appendActivity, decideScan, scanBatch } from './commands';
import type { QrCodeState } from './decider';
import { networkOf } from './device-id';
import { QR_VISITORS, visitorKey } from './projections';
import { describeAgent, isBot, referrerHost, type VisitorHasher } from './visitors';

export interface Visit {
  address: string;
  userAgent: string;
  referer: string;
  host: string;
  at: Date;
  via: 'landing' | 'redirect' | 'beacon';
  /** The device id the request carried (`DEVICE_COOKIE`) or was handed with its answer. */
  device?: string | undefined;
}

/** Scans counted per key in the current window, and when the window opened. */
type ScanWindows = LRUCache<string, { start: number; count: number }>;

/** What a device's visitor hash is made of (an address-and-browser fallback never looks like it). */
const deviceIdentity = (device: string) => `device:${device}`;

/** Counts one more in `key`'s window; false once the window's `limit` is used up. */
function withinWindow(windows: ScanWindows, key: string, now: number, limit: number): boolean {
  let window = windows.get(key);
  if (!window || now - window.start >= SCAN_WINDOW_MS) {
    window = { start: now, count: 0 };
    windows.set(key, window);
  }
  if (window.count >= limit) return false;
  window.count += 1;
  return true;
}

/** Whether `key`'s current window has used up its `limit` (nothing counted). */
function windowFull(windows: ScanWindows, key: string, now: number, limit: number): boolean {
  const window = windows.peek(key);
  return window !== undefined && now - window.start < SCAN_WINDOW_MS && window.count >= limit;
}

/** Visits decided between two turns of the event loop. */
export const DECIDE_SLICE = 256;

/**
 * Scans counted per visitor (code + device, see VisitorHasher) per window: a person rescanning is
 * counted; a script reloading the page is not.
 */
export const SCANS_PER_VISITOR = 10;
export const SCAN_WINDOW_MS = 10 * 60_000;
/**
 * What one network (an IPv4 address, an IPv6 /64: `networkOf`) may add to one code, since a
 * client that drops its cookie is a new device at every request: scans per window (a class of 30
 * ten times over, an audience of 300 once), and new devices per day. Past the day's new devices,
 * a device the network has not shown before is counted by address and browser instead, so a
 * script discarding cookies is one visitor per browser name, held by SCANS_PER_VISITOR.
 */
export const SCANS_PER_NETWORK = 300;
export const NEW_DEVICES_PER_NETWORK = 300;

/**
 * Scans answered while the stores were out of reach wait here to be decided or appended once they
 * are back: tried again after this, doubling up to RETRY_MAX_MS. At most HELD_SCANS wait (a long
 * outage of a busy site): past that, the oldest are dropped, and logged.
 */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 5000;
export const HELD_SCANS = 50_000;

/** How long a served page's own scan beacon counts as the same load (docs/product/creation-tools-qr.md (API) POST {source:'scan'}). */
const SAME_LOAD_MS = 5 * 60_000;

/**
 * Records scans off the request path: the redirect and the landing page hand the visit over
 * (`queue`) and answer at once; the visits of the last few milliseconds are then decided together
 * (bot check, visitor hash, first visit of the day) and appended together (one `QrScansRecorded`
 * event per code), so a busy code costs one small append per batch rather than one event per
 * visitor, and the deciding runs as one tight loop instead of between requests (measured: a
 * third of the CPU per scan). A crash loses at most that window; a graceful stop (`stop`, the
 * module's stop hook) decides and appends what is pending first. A store out of reach loses
 * nothing: the visits it could not decide and the batches it could not append are kept, in order,
 * and tried again until it is back.
 */
export class ScanRecorder {
  private pending = new Map<string, QrScanRecord[]>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  /** Visits not decided yet, in arrival order; `answer` is set when a caller waits for the outcome. */
  private queued: Array<{ state: QrCodeState; visit: Visit; answer?: (counted: boolean) => void }> = [];
  /** The decide loop in progress: one at a time, so visits are decided in arrival order. */
  private deciding: Promise<void> = Promise.resolve();
  /** Visits not decided because a store was out of reach: decided before any newer one. */
  private undecided: Array<{ state: QrCodeState; visit: Visit }> = [];
  private retryTimer?: NodeJS.Timeout;
  private retryMs = RETRY_FIRST_MS;
  /** Visitor hashes seen per code and day in this process (the read model may lag a batch). */
  private seen = new LRUCache<string, true>({ max: 100_000 });
  /** Loads served here recently, so that the page's own beacon is not a second scan. */
  private served = new LRUCache<string, number>({ max: 100_000 });
  /** Scans counted per visitor in the current window (keyed by the visitor hash, never the address). */
  private counted = new LRUCache<string, { start: number; count: number }>({ max: 100_000 });
  /** Scans counted per code and network in the current window (memory only, never stored). */
  private networks = new LRUCache<string, { start: number; count: number }>({ max: 100_000 });
  /** New devices counted per code, network and day (memory only). */
  private newDevices = new LRUCache<string, number>({ max: 100_000 });
  /** Visitors who signed up on a code that day (the read model may lag a signup). */
  private converted = new LRUCache<string, true>({ max: 100_000 });
  /** Which breakdown values each code's day keeps; the rest are counted as Other. */
  private readonly breakdowns: BreakdownCap;

  constructor(
    private readonly deps: {
      eventStore: EventStore;
      readStore: ReadStore;
      hasher: VisitorHasher;
      logger: Logger;
      /** How long scans gather before one append (QR_SCAN_FLUSH_MS, 100 ms). */
      flushMs: number;
      /** Distinct breakdown values a code keeps per day (BREAKDOWN_VALUES_PER_DAY). */
      breakdownValuesPerDay?: number;
    },
  ) {
    this.breakdowns = new BreakdownCap(deps.readStore, deps.breakdownValuesPerDay);
  }

  /** A visit to decide with the next batch (the redirect and the landing page: nobody waits). */
  queue(state: QrCodeState, visit: Visit): void {
    this.queued.push({ state, visit });
    this.schedule();
  }

  /**
   * Decides a visit now, after the visits queued before it (the scan beacon: its page's own load
   * may still be queued), and returns whether it was counted (a bot, tracking off or a repeated
   * beacon are not). Failures are logged here, never thrown.
   */
  record(state: QrCodeState, visit: Visit): Promise<boolean> {
    return new Promise((answer) => {
      this.queued.push({ state, visit, answer });
      this.schedule();
      void this.decideQueued();
    });
  }

  /** Decides every queued visit, in order; resolves once they are in the pending batch. */
  private decideQueued(): Promise<void> {
    this.deciding = this.deciding.then(async () => {
      while (this.queued.length > 0) {
        const visits = this.queued;
        this.queued = [];
        for (const [index, { state, visit, answer }] of visits.entries()) {
          // A long batch lets requests in now and then (their latency), a few hundred scans at a time.
          if (index > 0 && index % DECIDE_SLICE === 0) await new Promise(setImmediate);
          // Behind visits a store could not decide yet, a visit waits its turn (arrival order).
          if (this.undecided.length > 0) {
            this.hold([{ state, visit }]);
            answer?.(false);
            continue;
          }
          const counted = await this.decide(state, visit).catch((error: unknown) => {
            if (isEngineUnreachable(error)) this.hold([{ state, visit }]);
            else this.deps.logger.error({ err: error, qrId: state.qrId }, 'scan not recorded');
            return false;
          });
          answer?.(counted);
        }
      }
    });
    return this.deciding;
  }

  /** Keeps visits a store could not decide, to be tried again; the oldest go past HELD_SCANS. */
  private hold(visits: Array<{ state: QrCodeState; visit: Visit }>): void {
    this.undecided.push(...visits);
    const over = this.undecided.length - HELD_SCANS;
    if (over > 0) {
      this.undecided.splice(0, over);
      this.deps.logger.error(
        { scans: over },
        'scans not recorded: too many held while a store is out of reach',
      );
    }
    this.retryLater();
  }

  /** Tries the held visits and batches again after the back-off. */
  private retryLater(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
      // The held visits go first, ahead of what arrived meanwhile.
      this.queued = [...this.undecided, ...this.queued];
      this.undecided = [];
      void this.flush();
    }, this.retryMs);
    this.retryTimer.unref();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), this.deps.flushMs);
    this.timer.unref();
  }

  private async decide(state: QrCodeState, visit: Visit): Promise<boolean> {
    if (!state.exists || state.deleted || !state.trackingEnabled || isBot(visit.userAgent)) return false;
    // Every store read comes before any of this process's own counting: a visit a store could not
    // decide is tried again later from the start, so it must have changed nothing.
    const network = networkOf(visit.address);
    const networkKey = `${state.qrId}\n${network}`;
    // A network past its ceiling costs no hash and no store read (a flood of cookieless requests).
    if (windowFull(this.networks, networkKey, visit.at.getTime(), SCANS_PER_NETWORK)) return false;
    const day = utcDay(visit.at);
    const devicesKey = `${state.qrId}\n${day}\n${network}`;
    const devicesSeen = this.newDevices.get(devicesKey) ?? 0;
    let visitor = '';
    let key = '';
    let firstVisitOfDay = false;
    let newDevice = false;
    if (visit.device !== undefined) {
      visitor = await this.deps.hasher.hash(state.qrId, day, deviceIdentity(visit.device));
      key = visitorKey(state.qrId, day, visitor);
      firstVisitOfDay = await this.isFirstVisit(key);
      // A device new today spends its network's share; past it, it counts by address and browser.
      newDevice = firstVisitOfDay && devicesSeen < NEW_DEVICES_PER_NETWORK;
    }
    if (!key || (firstVisitOfDay && !newDevice)) {
      visitor = await this.deps.hasher.hash(
        state.qrId,
        day,
        `${visit.address}\n${describeAgent(visit.userAgent).browser}`,
      );
      key = visitorKey(state.qrId, day, visitor);
      firstVisitOfDay = await this.isFirstVisit(key);
    }
    const now = visit.at.getTime();
    if (visit.via === 'beacon') {
      const servedAt = this.served.get(key);
      if (servedAt !== undefined && now - servedAt < SAME_LOAD_MS) {
        this.served.delete(key);
        return false;
      }
    } else {
      this.served.set(key, now);
    }
    if (!withinWindow(this.counted, key, now, SCANS_PER_VISITOR)) return false;
    if (!withinWindow(this.networks, networkKey, now, SCANS_PER_NETWORK)) return false;
    if (newDevice) this.newDevices.set(devicesKey, devicesSeen + 1);
    this.seen.set(key, true);
    const breakdown = await this.breakdowns.admit(state.qrId, day, {
      ...describeAgent(visit.userAgent),
      referrer: referrerHost(visit.referer, visit.host),
    });
    const scan = decideScan(
      state,
      { type: 'RecordScan', day, visitor, firstVisitOfDay, ...breakdown, via: visit.via },
      visit.at.toISOString(),
    );
    // Stryker disable next-line BooleanLiteral: only tracking off decides no scan, and it returned above.
    if (!scan) return false;
    const queue = this.pending.get(state.qrId);
    if (queue) queue.push(scan);
    else this.pending.set(state.qrId, [scan]);
    return true;
  }

  /** Not seen on the code that day, by this process nor in the read model. */
  private async isFirstVisit(key: string): Promise<boolean> {
    return !this.seen.has(key) && !(await this.deps.readStore.collection(QR_VISITORS).get(key));
  }

  /**
   * Who signed up, for the conversion rate: the visitor of the device the signup came from when
   * that device's visit of the code was counted today, and whether this is its first signup of the
   * day (a conversion). Nothing when there is no device or no counted visit: the signup is listed,
   * not divided. The visits queued before it are decided first (its own page's load among them).
   */
  async signupOf(
    state: QrCodeState,
    device: string | undefined,
    at: Date,
  ): Promise<{ visitor?: string; converted?: boolean }> {
    if (!device || !state.trackingEnabled) return {};
    await this.decideQueued();
    const day = utcDay(at);
    const visitor = await this.deps.hasher.hash(state.qrId, day, deviceIdentity(device));
    const key = visitorKey(state.qrId, day, visitor);
    const doc = await this.deps.readStore
      .collection<{ _id: string; converted?: boolean }>(QR_VISITORS)
      .get(key);
    if (!doc && !this.seen.has(key)) return {};
    if (doc?.converted || this.converted.has(key)) return { visitor };
    this.converted.set(key, true);
    return { visitor, converted: true };
  }

  /** Decides and appends everything queued; resolves once it is in the log (see lazySync for the disk). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const decided = this.decideQueued();
    this.flushing = Promise.all([this.flushing, decided]).then(async () => {
      const batch = this.pending;
      this.pending = new Map();
      let unreachable = false;
      for (const [qrId, scans] of batch) {
        try {
          if (unreachable) throw new Error('skipped: the event store is out of reach');
          // Without an fsync of its own: nobody waits on it, and a stop closes the store cleanly.
          await appendActivity(this.deps.eventStore, qrId, scanBatch(qrId, scans), { lazySync: true });
        } catch (error) {
          if (unreachable || isEngineUnreachable(error)) {
            unreachable = true;
            // Back in front of what was decided meanwhile, to be appended once the store is back.
            this.pending.set(qrId, [...scans, ...(this.pending.get(qrId) ?? [])]);
          } else this.deps.logger.error({ err: error, qrId, scans: scans.length }, 'scans not recorded');
        }
      }
      if (unreachable) this.retryLater();
      else if (this.undecided.length === 0) this.retryMs = RETRY_FIRST_MS;
    });
    return this.flushing;
  }

  /** Graceful stop: the scans already answered are decided and appended before the stores close. */
  async stop(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.queued = [...this.undecided, ...this.queued];
    this.undecided = [];
    await this.flush();
    const held = this.undecided.length + [...this.pending.values()].reduce((n, scans) => n + scans.length, 0);
    clearTimeout(this.retryTimer);
    if (held > 0)
      this.deps.logger.error({ scans: held }, 'scans not recorded: the stores were out of reach at the stop');
  }
}
