import type Koa from 'koa';
import { z } from 'zod';
import type { Runtime } from '../main/runtime';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import { rateLimit } from '../platform/http/rate-limit';
import { parse } from '../platform/http/validation';
import { requireSelf, requireUser } from './auth';
import { creditHistoryPage, decodeCursor, HISTORY_PAGE } from './credit-history';
import { authenticate, loadAccount, register } from './identity';
import { LEDGER, type LedgerDoc } from './projections';
import { SESSION_COOKIE } from './sessions';
import { userView } from './user-view';

/** spec 01 §5 validation texts, word for word. */
export const MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email',
  password: 'Password must be at least 6 characters',
} as const;

const email = z
  .string({ error: MESSAGES.email })
  .trim()
  .max(254, MESSAGES.email)
  .pipe(z.email(MESSAGES.email));
const password = z
  .string({ error: MESSAGES.password })
  .min(6, MESSAGES.password)
  .max(200, 'Password is too long');

/**
 * No control or format characters (Unicode Cc/Cf: NUL, line breaks, zero-width spaces, bidi
 * overrides), which hide or reorder what admins and other users read. The joiners U+200C/U+200D
 * stay allowed between two visible characters: emoji sequences and several scripts need them.
 */
export function hasOnlyVisibleCharacters(text: string): boolean {
  const withoutInnerJoiners = text.replace(/(?<=[^\s\p{Cc}\p{Cf}])[\u200c\u200d](?=[^\s\p{Cc}\p{Cf}])/gu, '');
  return !/[\p{Cc}\p{Cf}]/u.test(withoutInnerJoiners);
}

const registerBody = z.object({
  name: z
    .string({ error: MESSAGES.name })
    .trim()
    .min(2, MESSAGES.name)
    .max(100, 'Name is too long')
    .refine(hasOnlyVisibleCharacters, 'Name must not contain control or invisible characters'),
  email,
  password,
  phoneNumber: z.string().trim().max(40, 'Phone number is too long').optional().or(z.literal('')),
  paymentMethodId: z.string().trim().max(255).optional().or(z.literal('')),
});
const historyQuery = z.object({
  cursor: z.string().max(500, 'Invalid cursor').optional(),
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${HISTORY_PAGE}` })
    .int(`Limit must be a whole number from 1 to ${HISTORY_PAGE}`)
    .min(1, `Limit must be a whole number from 1 to ${HISTORY_PAGE}`)
    .max(HISTORY_PAGE, `Limit must be a whole number from 1 to ${HISTORY_PAGE}`)
    .default(HISTORY_PAGE),
});
const loginBody = z.object({
  email,
  password: z.string({ error: MESSAGES.password }).min(1, MESSAGES.password).max(200),
});

export function accountRoutes(runtime: Runtime): RouteModule {
  const { commands, sessions, clock, config } = runtime;
  const context = (ctx: Koa.Context) => ({
    at: clock.now().toISOString(),
    correlationId: ctx.state.requestId as string,
    causationId: ctx.state.requestId as string,
  });
  const startSession = async (ctx: Koa.Context, userId: string) => {
    await sessions.destroy(ctx.cookies.get(SESSION_COOKIE));
    const { token, expiresAt } = await sessions.create(userId, clock.now());
    ctx.cookies.set(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
      expires: expiresAt,
      path: '/',
    });
  };
  const authLimit = (name: string) =>
    rateLimit({
      limit: config.authRateLimit,
      windowMs: 10 * 60 * 1000,
      key: (ctx) => `${name}:${ctx.ip}`,
    });

  return (router) => {
    router.post('/api/register', authLimit('register'), async (ctx) => {
      const body = parse(registerBody, ctx.request.body);
      const state = await register(
        commands,
        {
          name: body.name,
          email: body.email,
          password: body.password,
          ...(body.phoneNumber ? { phoneNumber: body.phoneNumber } : {}),
          ...(body.paymentMethodId ? { paymentMethodId: body.paymentMethodId } : {}),
        },
        context(ctx),
        (customer) => runtime.gateway.saveCardAtRegistration(customer, body.paymentMethodId || undefined),
      );
      await startSession(ctx, state.userId);
      ctx.status = 201;
      ctx.body = userView(state);
    });

    router.post('/api/login', authLimit('login'), async (ctx) => {
      const body = parse(loginBody, ctx.request.body);
      const state = await authenticate(commands, body.email, body.password);
      await startSession(ctx, state.userId);
      ctx.body = userView(state);
    });

    router.post('/api/logout', async (ctx) => {
      await sessions.destroy(ctx.cookies.get(SESSION_COOKIE));
      ctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: 'lax', path: '/' });
      ctx.body = { message: 'Logged out' };
    });

    const currentUser = async (ctx: Koa.Context) => {
      const userId = requireUser(ctx);
      const state = await loadAccount(commands, userId);
      if (!state) {
        // A session whose account no longer exists: end it.
        await sessions.destroy(ctx.cookies.get(SESSION_COOKIE));
        throw new DomainError('UNAUTHENTICATED', 'Not authenticated');
      }
      ctx.body = userView(state);
    };
    router.get('/api/user', currentUser);
    router.get('/api/current-user', currentUser);

    /**
     * The signed-in user's credit history, newest first: an array (the first page keeps the
     * spec's shape) and, when more entries exist, `Link: <…?cursor=…>; rel="next"`.
     */
    router.get('/api/credits/history', async (ctx) => {
      const userId = requireUser(ctx);
      const query = parse(historyQuery, ctx.query);
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      if (query.cursor !== undefined && !after) throw new DomainError('VALIDATION', 'Invalid cursor');
      const page = await creditHistoryPage(
        runtime.readStore.collection<LedgerDoc>(LEDGER),
        userId,
        query.limit,
        after,
      );
      if (page.nextCursor) {
        const next = new URLSearchParams({ cursor: page.nextCursor, limit: String(query.limit) });
        ctx.set('Link', `</api/credits/history?${next}>; rel="next"`);
      }
      ctx.body = page.entries;
    });

    /** Kept for the spec's client: the id must be the signed-in user's own. */
    router.post('/api/airtable/login', async (ctx) => {
      const body = parse(z.object({ id: z.string().max(100).optional() }), ctx.request.body);
      requireSelf(ctx, body.id);
      await currentUser(ctx);
    });
  };
}
