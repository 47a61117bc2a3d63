import { type NewsletterSubscribed, newsletterStream } from '@studio/events';
import type { CommandContext } from '../platform/command-handler';
import { emailKey } from '../platform/email-key';
import { type EventStore, WrongExpectedRevisionError } from '../platform/eventstore/port';
import { newEventId } from '../platform/ids';

/** Trimmed and lower-cased: one subscription per address however it is typed. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The stream of one address, named by its hash (`emailKey`), never by the address. */
export const subscriberStream = (email: string) => newsletterStream(emailKey(email));

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
