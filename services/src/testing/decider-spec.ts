import type { Event } from '@studio/events';
import type { Decider, Emitted } from '../platform/decider';
import { DomainError, type ErrorCode } from '../platform/errors';

/**
 * Given/when/then for deciders (tests only): given past events, when a command is decided,
 * then exactly these events (a field present as undefined is not the same event) — or this
 * domain error.
 */
export function specFor<Command, E extends Event, State>(decider: Decider<Command, E, State>) {
  return (given: Emitted<E>[]) => ({
    when: (command: Command) => {
      const state = stateAfter(decider, given);
      const run = () => decider.decide(command, state);
      return {
        // biome-ignore lint/suspicious/noThenProperty: the given/when/then vocabulary; this object is never awaited.
        then: (expected: Emitted<E>[]) => expect(run()).toStrictEqual(expected),
        thenNothing: () => expect(run()).toEqual([]),
        thenError: (code: ErrorCode, message?: string) => {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(DomainError);
          expect((thrown as DomainError).code).toBe(code);
          if (message !== undefined) expect((thrown as DomainError).message).toBe(message);
        },
      };
    },
  });
}

/** The state a decider folds from these events, recorded at `occurredAt` (tests only). */
export function stateAfter<Command, E extends Event, State>(
  decider: Decider<Command, E, State>,
  given: Emitted<E>[],
  occurredAt = GIVEN_METADATA.occurredAt,
): State {
  const metadata = { ...GIVEN_METADATA, occurredAt };
  return given.reduce(
    (s, e) => decider.evolve(s, { ...e, eventId: 'given', metadata } as unknown as E),
    decider.initialState,
  );
}

const GIVEN_METADATA = {
  correlationId: 'given',
  causationId: 'given',
  occurredAt: '2026-01-01T00:00:00.000Z',
  schemaVersion: 1,
};
