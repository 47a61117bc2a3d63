/** Time enters the domain through commands; this is the one place that reads the wall clock. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
