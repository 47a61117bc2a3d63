import type Koa from 'koa';
import { DomainError } from '../errors';

/**
 * A fixed-window limiter kept in memory: enough to slow password guessing against one
 * process. (Behind several API processes, put the same rule in the proxy in front of them.)
 */
export function rateLimit(options: {
  limit: number;
  windowMs: number;
  key: (ctx: Koa.Context) => string;
  now?: () => number;
}): Koa.Middleware {
  const windows = new Map<string, { start: number; count: number }>();
  const now = options.now ?? Date.now;
  return async (ctx, next) => {
    const t = now();
    const key = options.key(ctx);
    let window = windows.get(key);
    if (!window || t - window.start >= options.windowMs) {
      window = { start: t, count: 0 };
      windows.set(key, window);
      if (windows.size > 10_000)
        for (const [k, w] of windows) if (t - w.start >= options.windowMs) windows.delete(k);
    }
    window.count += 1;
    if (window.count > options.limit) {
      ctx.set('Retry-After', String(Math.ceil((window.start + options.windowMs - t) / 1000)));
      throw new DomainError('RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.');
    }
    await next();
  };
}
