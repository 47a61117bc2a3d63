import type Koa from 'koa';
import type { ErrorCode } from '../errors';
import { DomainError, isDomainError } from '../errors';
import { asEngineUnavailable, RETRY_AFTER_SECONDS } from '../faults/unavailable';
import type { Logger } from '../logging';

/** The one place where domain error codes become HTTP statuses. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION: 400,
  BAD_SIGNATURE: 400,
  UNAUTHENTICATED: 401,
  INSUFFICIENT_CREDITS: 402,
  CARD_DECLINED: 402,
  FORBIDDEN: 403,
  TIER_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  CONCURRENCY: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  GATEWAY_ERROR: 502,
  UNAVAILABLE: 503,
  CONTENT_REFUSED: 422,
};

/** Body-parser and Koa errors that a client can cause: answered as 4xx, never 500. */
function clientError(error: unknown): { status: number; code: string; message: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as {
    status?: unknown;
    statusCode?: unknown;
    type?: unknown;
    message?: unknown;
    expose?: unknown;
  };
  const status =
    typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 0;
  if (status === 413 || e.type === 'entity.too.large') {
    return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' };
  }
  if (
    e.type === 'entity.parse.failed' ||
    (status === 400 && /JSON|Unexpected token|parse/i.test(String(e.message)))
  ) {
    return { status: 400, code: 'VALIDATION', message: 'Request body is not valid JSON' };
  }
  if (status === 415) return { status, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' };
  if (status >= 400 && status < 500) {
    return { status, code: 'BAD_REQUEST', message: e.expose ? String(e.message) : 'Bad request' };
  }
  return undefined;
}

/**
 * A body the parser could not read is the client's fault whatever the parser threw: a body marked
 * gzip or br that is not compressed, a bad charset, a truncated stream. Size and type errors keep
 * their own status; the rest become a 400.
 */
export function unreadableBody(error: unknown): unknown {
  // A body parser of a module may answer in its own words (the editor's "File Too Large").
  if (isDomainError(error)) return error;
  const known = clientError(error);
  if (known?.status === 415) return new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content encoding');
  if (known && known.code !== 'BAD_REQUEST') return error;
  return new DomainError('VALIDATION', 'The request body could not be read');
}

/** Statuses Koa or the router set without a body (405, 501, …) still leave in the error shape. */
const EMPTY_STATUS: Record<number, { status: number; code: string; message: (ctx: Koa.Context) => string }> =
  {
    404: { status: 404, code: 'NOT_FOUND', message: (ctx) => `No route for ${ctx.method} ${ctx.path}` },
    405: {
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: (ctx) => `${ctx.method} is not allowed on ${ctx.path}`,
    },
    // An unknown method (TRACE, PROPFIND): the router says 501; for a client it is the same mistake as a 405.
    501: {
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: (ctx) => `${ctx.method} is not allowed on ${ctx.path}`,
    },
  };

/** First middleware: every failure leaves as `{ message, error }` with a fitting status. */
export function errorMiddleware(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      const empty = EMPTY_STATUS[ctx.status];
      if (empty && (ctx.body === undefined || ctx.body === null) && ctx.path.startsWith('/api/')) {
        ctx.status = empty.status;
        ctx.body = { message: empty.message(ctx), error: empty.code };
      }
    } catch (thrown) {
      // An engine that dropped (ours or a driver's error) is a 503 the client may retry, never a 500.
      const error = asEngineUnavailable(thrown) ?? thrown;
      if (isDomainError(error)) {
        if (error.code === 'UNAVAILABLE') {
          ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
          logger.warn({ err: thrown, path: ctx.path }, 'engine unavailable');
        }
        // A refusal that knows when it ends (an allowance) says so, in seconds, as 429s should.
        const retryAfter = error.details?.retryAfter;
        if (typeof retryAfter === 'number') ctx.set('Retry-After', String(retryAfter));
        ctx.status = STATUS_BY_CODE[error.code];
        ctx.body = { message: error.message, error: error.code, ...(error.details ?? {}) };
        return;
      }
      const client = clientError(error);
      if (client) {
        ctx.status = client.status;
        ctx.body = { message: client.message, error: client.code };
        return;
      }
      logger.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { message: 'Something went wrong on our side. Please try again.', error: 'INTERNAL' };
    }
  };
}
