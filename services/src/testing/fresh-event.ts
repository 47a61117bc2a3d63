import { randomUUID } from 'node:crypto';
import type { Event } from '@studio/events';

/**
 * An event whose id no test used before, for the event store suites: appends of it never meet a
 * duplicate id, and its data names its type unless given.
 */
export function freshEvent(type: string, data: Record<string, unknown> = { type }): Event {
  return {
    eventId: randomUUID(),
    type,
    data,
    metadata: {
      userId: 'user-1',
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: '2026-01-01T00:00:00.000Z',
      schemaVersion: 1,
    },
  };
}
