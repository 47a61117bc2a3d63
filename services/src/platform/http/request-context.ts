import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from '../logging';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A request id for every request (a caller's well-formed X-Request-Id is kept) and one access-log line. */
export function requestContext(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      if (ctx.path.startsWith('/api/')) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        logger.info(
          { requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
          'request',
        );
      }
    }
  };
}
