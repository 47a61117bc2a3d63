// The job the generation decider's specs follow (g1 of the account recA, worked by w1), for the decider suites.
/** When the job is due, and when its worker's lease runs out. */
export const deadline = '2026-01-01T00:10:00.000Z';
export const leaseExpiresAt = '2026-01-01T00:00:45.000Z';

/** Worker w1's claim of one phase of g1. */
export const claim = (phase: 'main' | 'book' = 'main') =>
  ({
    type: 'ClaimJob',
    phase,
    generationId: 'g1',
    userId: 'recA',
    workerId: 'w1',
    deadline,
    leaseExpiresAt,
  }) as const;
