import type Koa from 'koa';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import type { ReadStore } from '../platform/readstore/port';
import { listParkedEvents } from '../platform/runners/parked-events';
import type { ParkedEventRetrier } from '../platform/runners/parked-retrier';

export interface ParkedEventRoutesDeps {
  /** Throws FORBIDDEN / UNAUTHENTICATED unless the caller is an admin (see require-admin.ts). */
  requireAdmin: (ctx: Koa.Context) => Promise<unknown>;
  readStore: Pick<ReadStore, 'collection'>;
  retry: ParkedEventRetrier;
}

/** `{reactor}@{position}`, as parkedEventId builds it. */
const PARKED_ID = /^[A-Za-z0-9_-]{1,100}@\d{1,20}$/;

/** Events a reactor or a projection gave up on: listed for admins, and retried one by one once the cause is fixed. */
export function parkedEventRoutes(deps: ParkedEventRoutesDeps): RouteModule {
  return (router) => {
    router.get('/api/admin/parked-events', async (ctx) => {
      await deps.requireAdmin(ctx);
      const parked = await listParkedEvents(deps.readStore);
      ctx.body = parked.map(({ _id, ...rest }) => ({ id: _id, ...rest }));
    });

    router.post('/api/admin/parked-events/:id/retry', async (ctx) => {
      await deps.requireAdmin(ctx);
      const id = String(ctx.params.id);
      if (!PARKED_ID.test(id)) throw new DomainError('VALIDATION', 'Invalid parked event id');
      await deps.retry(id);
      ctx.body = { success: true, message: 'The event was handled; its parked record is removed' };
    });
  };
}
