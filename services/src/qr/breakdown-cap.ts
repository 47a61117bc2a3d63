import { QR_BREAKDOWN_DIMENSIONS, type QrBreakdownDimension } from '@studio/events';
import { LRUCache } from 'lru-cache';
import type { ReadStore } from '../platform/readstore/port';
import { breakdownKey, OTHER_KEY } from './breakdown-keys';
import { dailyId, QR_DAILY, type QrDailyDoc } from './projections';

/**
 * Distinct values kept per code, day and breakdown (referrers, devices, systems, browsers). The
 * values come from visitors' headers: a referrer host per scan would otherwise grow the day's
 * document, and the owner's analytics, by whatever names a script makes up. A code's real
 * referrers are a handful of sites; browsers and systems a few dozen names.
 */
export const BREAKDOWN_VALUES_PER_DAY = 50;

type Values = Partial<Record<QrBreakdownDimension, string>>;
type Admitted = Partial<Record<QrBreakdownDimension, string | null>>;
type Kept = Record<QrBreakdownDimension, Set<string>>;

/** Words the server itself writes (no referrer, an unreadable agent): always kept, never counted. */
const OWN_WORDS = new Set(['Direct', 'Unknown']);
const OWN_KEYS = new Set([...OWN_WORDS].map(breakdownKey));
/** A stored key that takes a place under the cap. */
const takesAPlace = (key: string) => key !== OTHER_KEY && !OWN_KEYS.has(key);

/**
 * Decides, as scans are recorded, which breakdown values a code's day keeps: the first
 * BREAKDOWN_VALUES_PER_DAY distinct ones of each kind (and the server's own words); a later new
 * one becomes null, which the projection counts as "Other" (so the read model stays a function of
 * the events). What a day keeps is read from its document when this process first meets the code
 * that day, then followed here; processes recording the same code at once may each admit a few
 * before they see the others' (a bound per process, not a gap).
 */
export class BreakdownCap {
  private readonly days = new LRUCache<string, Kept>({ max: 2000 });

  constructor(
    private readonly readStore: ReadStore,
    private readonly perDay = BREAKDOWN_VALUES_PER_DAY,
  ) {}

  async admit(qrId: string, day: string, values: Values): Promise<Admitted> {
    const kept = await this.keptOn(qrId, day);
    const admitted: Admitted = {};
    for (const dimension of QR_BREAKDOWN_DIMENSIONS) {
      const value = values[dimension];
      if (value === undefined) continue;
      const key = breakdownKey(value);
      const known = kept[dimension];
      if (takesAPlace(key) && !known.has(key) && known.size < this.perDay) known.add(key);
      admitted[dimension] = !takesAPlace(key) || known.has(key) ? value : null;
    }
    return admitted;
  }

  private async keptOn(qrId: string, day: string): Promise<Kept> {
    const id = dailyId(qrId, day);
    let kept = this.days.get(id);
    if (!kept) {
      const doc = await this.readStore.collection<QrDailyDoc>(QR_DAILY).get(id);
      kept = Object.fromEntries(
        QR_BREAKDOWN_DIMENSIONS.map((d) => [d, new Set(Object.keys(doc?.[d] ?? {}).filter(takesAPlace))]),
      ) as Kept;
      this.days.set(id, kept);
    }
    return kept;
  }
}
