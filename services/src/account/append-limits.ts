import type Koa from 'koa';
import type { Clock } from '../platform/clock';
import { type RequestLimiter, requestLimit } from '../platform/http/rate-limit';

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * How often one account may make one kind of request that appends to the log on its behalf:
 * a short window against a burst and a day against a slow drip, each far above what a person does
 * through the screens (the numbers and their reasons: docs/backend.md, "Security decisions").
 */
export interface AppendBudget {
  /** Names the counter: requests of one budget share it, whatever their route. */
  name: string;
  windows: ReadonlyArray<{ limit: number; windowMs: number }>;
}

/** One window of a budget, as route middleware that can also take several appends at once. */
export interface BudgetWindow {
  limit: number;
  windowMs: number;
  limiter: RequestLimiter;
}

/**
 * The budget's windows, keyed by the signed-in account (every call counts, refused ones too, so a
 * burst of concurrent requests is checked as a whole). A caller without a session passes on to
 * the route, which answers 401. Counted in this process's memory, like the sign-in limit.
 */
export function perAccountWindows(budget: AppendBudget, clock: Clock): BudgetWindow[] {
  return budget.windows.map(({ limit, windowMs }) => {
    const limiter = requestLimit({
      limit,
      windowMs,
      key: (ctx) => `${budget.name}:${windowMs}:${String(ctx.state.userId)}`,
      now: () => clock.now().getTime(),
    });
    return { limit, windowMs, limiter };
  });
}

/** The budget as route middleware: each request counts one in every window. */
export function perAccountLimit(budget: AppendBudget, clock: Clock): Koa.Middleware[] {
  return windowMiddleware(perAccountWindows(budget, clock));
}

/** The windows as route middleware; the short window first: a request it refuses is not counted against the day. */
export function windowMiddleware(windows: BudgetWindow[]): Koa.Middleware[] {
  return windows.map(
    ({ limiter }): Koa.Middleware =>
      (ctx, next) =>
        ctx.state.userId ? limiter(ctx, next) : next(),
  );
}
