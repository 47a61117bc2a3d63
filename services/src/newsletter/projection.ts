import { type NewsletterEvent, streamId } from '@studio/events';
import { assertNever } from '../platform/decider';
import type { WriteOp } from '../platform/readstore/port';
import { defineProjection } from '../platform/runners/projector';

export const NEWSLETTER_SUBSCRIBERS = 'newsletter_subscribers';

/** One subscriber, keyed by the stream's hash id (the address itself is a field, never an id). */
export type SubscriberDoc = { _id: string; email: string; subscribedAt: string };

const HANDLES = ['NewsletterSubscribed'] as const satisfies readonly NewsletterEvent['type'][];

/** The admins' list and export of newsletter subscribers. */
export const newsletterProjection = defineProjection({
  name: 'newsletter',
  collections: [NEWSLETTER_SUBSCRIBERS],
  handles: HANDLES,
  indexes: [{ collection: NEWSLETTER_SUBSCRIBERS, fields: ['subscribedAt'] }],
  project(event): WriteOp[] {
    switch (event.type) {
      case 'NewsletterSubscribed': {
        const doc: SubscriberDoc = {
          _id: streamId(event.streamName),
          email: event.data.email,
          subscribedAt: event.metadata.occurredAt,
        };
        return [{ op: 'put', collection: NEWSLETTER_SUBSCRIBERS, doc }];
      }
      default:
        return assertNever(event.type);
    }
  },
});
