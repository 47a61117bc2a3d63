import { NEWSLETTER_MESSAGES, newsletterRequest } from '@studio/events/requests';
import type Koa from 'koa';
import type { RouteModule } from '../platform/http/app';
import { sendCsv } from '../platform/http/csv';
import { requestLimit } from '../platform/http/rate-limit';
import { parse } from '../platform/http/validation';
import type { Platform } from '../platform/module';
import { NEWSLETTER_SUBSCRIBERS, type SubscriberDoc } from './projection';
import { subscribe } from './subscribe';

/** Subscriptions per client address: a visitor retrying is fine, a script filling the list is not. */
export const NEWSLETTER_PER_WINDOW = 10;
export const NEWSLETTER_WINDOW_MS = 10 * 60_000;

export interface NewsletterRouteDeps extends Pick<Platform, 'eventStore' | 'readStore' | 'clock'> {
  /** The admin check (server side): 401 signed out, 403 for anyone else. Provided by the admin context. */
  requireAdmin: (ctx: Koa.Context) => Promise<unknown>;
}

export function newsletterRoutes(deps: NewsletterRouteDeps): RouteModule {
  const { eventStore, readStore, clock, requireAdmin } = deps;
  const limit = requestLimit({
    limit: NEWSLETTER_PER_WINDOW,
    windowMs: NEWSLETTER_WINDOW_MS,
    key: (ctx) => ctx.ip,
  });
  const subscribers = () => readStore.collection<SubscriberDoc>(NEWSLETTER_SUBSCRIBERS);

  return (router) => {
    /** Public: the landing page's Subscribe (signed-out visitors). Twice is fine, and says so. */
    router.post('/api/newsletter', limit, async (ctx) => {
      const { email } = parse(newsletterRequest, ctx.request.body);
      const requestId = String(ctx.state.requestId ?? '');
      const { alreadySubscribed } = await subscribe(eventStore, email, {
        at: clock.now().toISOString(),
        correlationId: requestId,
        causationId: requestId,
      });
      ctx.status = alreadySubscribed ? 200 : 201;
      ctx.body = {
        success: true,
        alreadySubscribed,
        message: alreadySubscribed ? NEWSLETTER_MESSAGES.alreadySubscribed : NEWSLETTER_MESSAGES.subscribed,
      };
    });

    router.get('/api/admin/newsletter', async (ctx) => {
      await requireAdmin(ctx);
      const collection = subscribers();
      const latest = await collection.find({}, { sort: { subscribedAt: -1, _id: 1 }, limit: 5 });
      ctx.body = {
        count: await collection.count(),
        latest: latest.map(({ email, subscribedAt }) => ({ email, subscribedAt })),
      };
    });

    router.get('/api/admin/newsletter/export', async (ctx) => {
      await requireAdmin(ctx);
      const all = await subscribers().find({}, { sort: { subscribedAt: 1, _id: 1 } });
      ctx.set('Cache-Control', 'no-store');
      sendCsv(
        ctx,
        'newsletter-subscribers.csv',
        ['Email', 'Date'],
        all.map((s) => [s.email, s.subscribedAt]),
      );
    });
  };
}
