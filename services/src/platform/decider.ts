import type { Event } from '@studio/events';
import type { SnapshotCodec } from './snapshots';

/** An event as a decider emits it: the handler adds the id and metadata. */
export type Emitted<E extends Event> = E extends Event<infer T, infer D> ? { type: T; data: D } : never;

/**
 * The decider of one aggregate: pure, no I/O, no clock. `decide` returns the events a command
 * causes (possibly none, for an idempotent repeat) or throws a DomainError.
 */
export interface Decider<Command, E extends Event, State> {
  initialState: State;
  evolve(state: State, event: E): State;
  decide(command: Command, state: State): Emitted<E>[];
  /** Present for streams that grow with use: the command handler then folds from a snapshot. */
  snapshot?: SnapshotCodec<State>;
  /**
   * What a user is told when other writers keep the stream busy through every retry (the
   * CONCURRENCY error), in the context's own words; the command handler's neutral ones otherwise.
   */
  busyMessage?: string;
}

export function fold<E extends Event, State>(
  decider: Pick<Decider<unknown, E, State>, 'evolve' | 'initialState'>,
  events: E[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}

/** Exhaustiveness guard for `switch` statements over unions. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
