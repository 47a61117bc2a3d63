/** Time enters the domain through commands; this is the one place that reads the wall clock. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

const DAY_MS = 24 * 60 * 60 * 1000;
let dayStart = Number.NaN;
let dayText = '';

/**
 * The UTC calendar day of `at`, `YYYY-MM-DD`. The last one is remembered: the scan path asks it
 * for every visit, and formatting a date was a tenth of the scan's own CPU in a profile.
 */
export function utcDay(at: Date): string {
  const ms = at.getTime();
  const start = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
  if (start !== dayStart) {
    dayText = new Date(start).toISOString().slice(0, 10);
    dayStart = start;
  }
  return dayText;
}
