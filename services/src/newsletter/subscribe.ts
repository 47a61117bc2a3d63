import { createHash } from 'node:crypto';
import { type NewsletterSubscribed, newsletterStream } from '@studio/events';
import type { CommandContext } from '../platform/command-handler';
import { type EventStore, WrongExpectedRevisionError } from '../platform/eventstore/port';
import { newEventId } from '../platform/ids';

/** Trimmed and lower-cased: one subscription per address however it is typed. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The stream of one address: named by a SHA-256 of the normalised address, so stream names (which
 * show up in logs, metrics and the admin's tools) never carry it. Stable without any secret.
 */
export const subscriberStream = (email: string) =>
  newsletterStream(createHash('sha256').update(normaliseEmail(email)).digest('hex').slice(0, 40));

/**
 * Records the subscription once: the append expects `no-stream`, so the store itself refuses a
 * second one, concurrent or not, and that refusal means "already subscribed" (not an error).
 */
export async function subscribe(
  eventStore: EventStore,
  email: string,
  context: CommandContext,
): Promise<{ alreadySubscribed: boolean }> {
  const event: NewsletterSubscribed = {
    eventId: newEventId(),
    type: 'NewsletterSubscribed',
    data: { email: normaliseEmail(email) },
    metadata: {
      correlationId: context.correlationId,
      causationId: context.causationId,
      occurredAt: context.at,
      schemaVersion: 1,
    },
  };
  try {
    await eventStore.append(subscriberStream(email), [event], { expectedRevision: 'no-stream' });
    return { alreadySubscribed: false };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return { alreadySubscribed: true };
    throw error;
  }
}
