import type Koa from 'koa';
import { LRUCache } from 'lru-cache';
import { DomainError, isDomainError } from '../errors';

/** The message a limited client sees (kept from the first version of the API). */
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

export interface FailureLimitOptions {
  /** Failures allowed per key within one window; the next attempt is a 429. */
  limit: number;
  windowMs: number;
  /** Every key the request counts against, e.g. its address and the account it names. */
  keys: (ctx: Koa.Context) => string[];
  /** Keys remembered at most; the least recently used are forgotten first (bounded memory). */
  maxKeys?: number;
  now?: () => number;
}

export type FailureLimiter = Koa.Middleware & { trackedKeys(): number };

/**
 * Slows password guessing against one process: only failed attempts count (a client error from
 * the handler), per key, in a fixed window from the first failure. A key over its limit is
 * refused before the handler runs. An attempt is reserved (in flight) before the handler runs and
 * released when it succeeds, so a burst of concurrent guesses is checked against the limit as a
 * whole: at most `limit` of them are evaluated, the rest are refused. (Behind several API
 * processes, put the same rule in the proxy in front of them.)
 */
export function failureLimit(options: FailureLimitOptions): FailureLimiter {
  const failures = new LRUCache<string, { start: number; count: number }>({ max: options.maxKeys ?? 10_000 });
  /** Attempts being evaluated per key; bounded by the requests open at once. */
  const inFlight = new Map<string, number>();
  const now = options.now ?? Date.now;
  const live = (key: string, t: number) => {
    const window = failures.get(key);
    if (window && t - window.start >= options.windowMs) {
      failures.delete(key);
      return undefined;
    }
    return window;
  };
  const release = (keys: string[]) => {
    for (const key of keys) {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left > 0) inFlight.set(key, left);
      else inFlight.delete(key);
    }
  };

  const middleware = (async (ctx, next) => {
    const t = now();
    const keys = [...new Set(options.keys(ctx))];
    const blockedUntil = keys.flatMap((key) => {
      const window = live(key, t);
      const used = (window?.count ?? 0) + (inFlight.get(key) ?? 0);
      return used >= options.limit ? [window ? window.start + options.windowMs : t + options.windowMs] : [];
    });
    if (blockedUntil.length > 0) {
      const until = Math.max(...blockedUntil);
      ctx.set('Retry-After', String(Math.max(1, Math.ceil((until - t) / 1000))));
      throw new DomainError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
    }
    // Checked and reserved in one turn of the event loop: no other request runs in between.
    for (const key of keys) inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
    try {
      await next();
    } catch (error) {
      if (isClientFailure(error)) {
        for (const key of keys) {
          const window = live(key, t);
          if (window) window.count += 1;
          else failures.set(key, { start: t, count: 1 });
        }
      }
      throw error;
    } finally {
      release(keys);
    }
  }) as FailureLimiter;
  middleware.trackedKeys = () => failures.size;
  return middleware;
}

export interface RequestLimitOptions {
  /** Requests allowed per key within one window; the next is a 429. */
  limit: number;
  windowMs: number;
  key: (ctx: Koa.Context) => string;
  /** Keys remembered at most; the least recently used are forgotten first (bounded memory). */
  maxKeys?: number;
  now?: () => number;
}

/** A request limit as route middleware, which can also count several calls at once. */
export type RequestLimiter = Koa.Middleware & {
  /**
   * Counts `count` calls for the request's key at once, or none of them: checked and counted in
   * one turn of the event loop, so concurrent batches cannot pass the limit together.
   */
  take(ctx: Koa.Context, count: number): { taken: true } | { taken: false; left: number; retryAfter: number };
};

/** Caps how often one key (an account) may call a costly route: every call counts. */
export function requestLimit(options: RequestLimitOptions): RequestLimiter {
  const windows = new LRUCache<string, { start: number; count: number }>({ max: options.maxKeys ?? 10_000 });
  const now = options.now ?? Date.now;
  const current = (ctx: Koa.Context) => {
    const t = now();
    const key = options.key(ctx);
    let window = windows.get(key);
    if (!window || t - window.start >= options.windowMs) {
      window = { start: t, count: 0 };
      windows.set(key, window);
    }
    const retryAfter = Math.max(1, Math.ceil((window.start + options.windowMs - t) / 1000));
    return { window, retryAfter };
  };
  const middleware = (async (ctx, next) => {
    const { window, retryAfter } = current(ctx);
    if (window.count >= options.limit) {
      ctx.set('Retry-After', String(retryAfter));
      throw new DomainError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
    }
    window.count += 1;
    await next();
  }) as RequestLimiter;
  middleware.take = (ctx, count) => {
    const { window, retryAfter } = current(ctx);
    if (window.count + count > options.limit)
      return { taken: false, left: Math.max(0, options.limit - window.count), retryAfter };
    window.count += count;
    return { taken: true };
  };
  return middleware;
}

/** Wrong password, unknown or duplicate email, invalid form: the attempts a guesser makes. */
function isClientFailure(error: unknown): boolean {
  return isDomainError(error) && error.code !== 'RATE_LIMITED' && error.code !== 'GATEWAY_ERROR';
}
