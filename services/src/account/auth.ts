import type Koa from 'koa';
import type { Clock } from '../platform/clock';
import { DomainError } from '../platform/errors';
import { SESSION_COOKIE, type Session, type SessionStore } from './sessions';

/**
 * Identity comes from the session cookie only. The spec's client also sends X-User-Id; it is
 * never trusted, and a value that differs from the session's user is refused.
 */
export function sessionMiddleware(sessions: SessionStore, clock: Clock): Koa.Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    const token = ctx.cookies.get(SESSION_COOKIE);
    const session = await sessions.find(token, clock.now());
    const userId = session?.userId;
    if (session) {
      ctx.state.userId = session.userId;
      ctx.state.session = session;
    }
    const claimed = ctx.get('X-User-Id');
    if (claimed && userId && claimed !== userId) {
      throw new DomainError('FORBIDDEN', 'The X-User-Id header does not match the signed-in user');
    }
    await next();
  };
}

/** The session the request was signed in with (undefined for a visitor). */
export const currentSession = (ctx: Koa.Context): Session | undefined =>
  ctx.state.session as Session | undefined;

export function requireUser(ctx: Koa.Context): string {
  const userId = ctx.state.userId as string | undefined;
  if (!userId) throw new DomainError('UNAUTHENTICATED', 'Not authenticated');
  return userId;
}

/** For routes and bodies that name a user: only the signed-in user themself. */
export function requireSelf(ctx: Koa.Context, userId: unknown): string {
  const me = requireUser(ctx);
  if (userId !== undefined && userId !== me) {
    throw new DomainError('FORBIDDEN', "You can only access your own account's data");
  }
  return me;
}
