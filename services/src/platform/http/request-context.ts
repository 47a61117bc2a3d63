import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from '../logging';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The caller's X-Request-Id when it is well formed, else a new one. */
export const requestIdFor = (incoming: string): string =>
  SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();

/** The access-log line of a request under /api/ (other paths are files and pages: not logged). */
export function logRequest(
  logger: Logger,
  entry: { requestId: string; method: string; path: string; status: number; ms: number },
): void {
  if (entry.path.startsWith('/api/'))
    logger.info({ ...entry, ms: Math.round(entry.ms * 10) / 10 }, 'request');
}

/** A request id for every request (a caller's well-formed X-Request-Id is kept) and one access-log line. */
export function requestContext(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const requestId = requestIdFor(ctx.get('X-Request-Id'));
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logRequest(logger, { requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms });
    }
  };
}
