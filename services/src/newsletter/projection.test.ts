import type { NewsletterEvent } from '@studio/events';
import { projectionSpec } from '../testing/projection-spec';
import { NEWSLETTER_SUBSCRIBERS, newsletterProjection } from './projection';

const spec = projectionSpec<NewsletterEvent>(newsletterProjection);

describe('newsletter projection', () => {
  it('NewsletterSubscribed: one subscriber per stream, keyed by the hash, with the address and date', () =>
    spec
      .given([
        {
          stream: 'newsletter-aaa',
          type: 'NewsletterSubscribed',
          data: { email: 'ada@example.com' },
          at: '2026-11-20T10:00:00.000Z',
        },
        {
          stream: 'newsletter-bbb',
          type: 'NewsletterSubscribed',
          data: { email: 'zoë@example.com' },
          at: '2026-11-21T11:00:00.000Z',
        },
      ])
      .then({
        [NEWSLETTER_SUBSCRIBERS]: [
          { _id: 'aaa', email: 'ada@example.com', subscribedAt: '2026-11-20T10:00:00.000Z' },
          { _id: 'bbb', email: 'zoë@example.com', subscribedAt: '2026-11-21T11:00:00.000Z' },
        ],
      }));

  it('no events: no subscribers', () => spec.given([]).then({}));
});
