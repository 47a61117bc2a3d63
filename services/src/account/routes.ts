import { accountStream } from '@studio/events';
import {
  airtableLoginRequest,
  loginRequest,
  numeric,
  registerRequest,
  text,
  updateProfileRequest,
} from '@studio/events/requests';
import type Koa from 'koa';
import * as yup from 'yup';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import { failureLimit } from '../platform/http/rate-limit';
import { parse } from '../platform/http/validation';
import type { Platform } from '../platform/module';
import { type AppendBudget, DAY_MS, MINUTE_MS, perAccountLimit } from './append-limits';
import { requireSelf, requireUser } from './auth';
import { credentialRoutes } from './credential-routes';
import { amountNewerThan, creditHistoryPage, decodeCursor, HISTORY_PAGE } from './credit-history';
import { accountDecider } from './decider';
import { authenticate, loadAccount, register } from './identity';
import { ACCOUNTS, type AccountDoc, LEDGER, type LedgerDoc } from './projections';
import { SESSION_COOKIE, type SessionStore } from './sessions';
import { userView } from './user-view';

/** A payment gateway's one duty at registration (billing's gateways provide it). */
export interface CardOnFile {
  saveCardAtRegistration(
    customer: { userId: string; email: string; name: string },
    paymentMethodId: string | undefined,
  ): Promise<{ customerId?: string }>;
}

export interface AccountRouteDeps extends Pick<Platform, 'commands' | 'clock' | 'readStore'> {
  sessions: SessionStore;
  config: Pick<Platform['config'], 'cookieSecure' | 'authRateLimit'>;
  cards: CardOnFile;
}

/**
 * Profile saves per account: a person fixes a name or a phone number a few times, once in a long
 * while; each save that changes something is an event kept for good.
 */
export const PROFILE_UPDATES: AppendBudget = {
  name: 'profile',
  windows: [
    { limit: 10, windowMs: MINUTE_MS },
    { limit: 60, windowMs: DAY_MS },
  ],
};

const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${HISTORY_PAGE}`;
/** GET /api/credits/history: keyset pages, newest first. */
const historyQuery = yup.object({
  cursor: text('Invalid cursor').max(500, 'Invalid cursor').optional(),
  limit: numeric(LIMIT_MESSAGE)
    .integer(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(HISTORY_PAGE, LIMIT_MESSAGE)
    .default(HISTORY_PAGE),
});

export function accountRoutes(deps: AccountRouteDeps): RouteModule {
  const { commands, sessions, clock, config, cards, readStore } = deps;
  const context = (ctx: Koa.Context) => ({
    at: clock.now().toISOString(),
    correlationId: ctx.state.requestId as string,
    causationId: ctx.state.requestId as string,
  });
  /**
   * A Secure cookie can only be set on a secure request (TLS at a trusted proxy). Checked before
   * anything is written, so a sign-up over plain HTTP leaves no account behind.
   */
  const secureTransport: Koa.Middleware = async (ctx, next) => {
    if (config.cookieSecure && !ctx.secure) {
      throw new DomainError('FORBIDDEN', 'Signing in needs a secure (HTTPS) connection');
    }
    await next();
  };
  // Secure whenever the request is (behind a trusted TLS proxy even without COOKIE_SECURE);
  // with COOKIE_SECURE, secureTransport has already refused a sign-in that is not.
  const cookieSecurity = (ctx: Koa.Context) => ctx.secure;
  const startSession = async (ctx: Koa.Context, userId: string) => {
    await sessions.destroy(ctx.cookies.get(SESSION_COOKIE));
    const { token, expiresAt } = await sessions.create(userId, clock.now());
    ctx.cookies.set(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: cookieSecurity(ctx),
      expires: expiresAt,
      path: '/',
    });
  };
  /** Failed attempts count per client address and per account named in the body. */
  const authLimit = (name: string) =>
    failureLimit({
      limit: config.authRateLimit,
      windowMs: 10 * 60 * 1000,
      keys: (ctx) => {
        const named = (ctx.request.body as { email?: unknown } | undefined)?.email;
        const account = typeof named === 'string' ? named.trim().toLowerCase().slice(0, 254) : '';
        return [`${name}:ip:${ctx.ip}`, ...(account ? [`${name}:email:${account}`] : [])];
      },
    });

  const credentials = credentialRoutes({
    commands,
    clock,
    sessions,
    config,
    context,
    startSession,
    secureTransport,
  });

  return (router) => {
    credentials(router);

    router.post('/api/register', secureTransport, authLimit('register'), async (ctx) => {
      const body = parse(registerRequest, ctx.request.body);
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
        (customer) => cards.saveCardAtRegistration(customer, body.paymentMethodId || undefined),
      );
      await startSession(ctx, state.userId);
      ctx.status = 201;
      ctx.body = userView(state);
    });

    router.post('/api/login', secureTransport, authLimit('login'), async (ctx) => {
      const body = parse(loginRequest, ctx.request.body);
      const state = await authenticate(commands, body.email, body.password);
      await startSession(ctx, state.userId);
      ctx.body = userView(state);
    });

    router.post('/api/logout', async (ctx) => {
      await sessions.destroy(ctx.cookies.get(SESSION_COOKIE));
      ctx.cookies.set(SESSION_COOKIE, null, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: cookieSecurity(ctx),
      });
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

    /**
     * "Who am I" for the app's start: 200 with `user: null` when signed out, so a visitor's page
     * logs no 401 (GET /api/user keeps its 401 for the spec's clients).
     */
    router.get('/api/session', async (ctx) => {
      const userId = ctx.state.userId as string | undefined;
      const state = userId ? await loadAccount(commands, userId) : null;
      if (userId && !state) await sessions.destroy(ctx.cookies.get(SESSION_COOKIE));
      ctx.body = { user: state ? userView(state) : null };
    });
    router.get('/api/current-user', currentUser);

    /** The signed-in user's own name, phone number and pen name (Profile's Update Profile). */
    router.put('/api/user/profile', ...perAccountLimit(PROFILE_UPDATES, clock), async (ctx) => {
      const userId = requireUser(ctx);
      const body = parse(updateProfileRequest, ctx.request.body);
      const { state } = await commands.handle(
        accountStream(userId),
        accountDecider,
        {
          type: 'UpdateProfile',
          name: body.name.trim(),
          phoneNumber: (body.phoneNumber ?? '').trim(),
          ...(body.penName !== undefined ? { penName: body.penName.trim() } : {}),
        },
        { ...context(ctx), userId },
      );
      ctx.body = userView(state);
    });

    /**
     * The signed-in user's credit history, newest first: an array (the first page keeps the
     * spec's shape) and, when more entries exist, `Link: <…?cursor=…>; rel="next"`.
     */
    router.get('/api/credits/history', async (ctx) => {
      const userId = requireUser(ctx);
      const query = parse(historyQuery, ctx.query);
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      if (query.cursor !== undefined && !after) throw new DomainError('VALIDATION', 'Invalid cursor');
      const ledger = readStore.collection<LedgerDoc>(LEDGER);
      const page = await creditHistoryPage(ledger, userId, query.limit, after);
      if (page.nextCursor) {
        const next = new URLSearchParams({ cursor: page.nextCursor, limit: String(query.limit) });
        ctx.set('Link', `</api/credits/history?${next}>; rel="next"`);
      }
      // Running balance: the newest entry leaves today's balance; each older one the balance
      // before the entries above it. A later page starts below every newer entry.
      const account = await readStore.collection<AccountDoc>(ACCOUNTS).get(userId);
      let balance = (account?.credits ?? 0) - (after ? await amountNewerThan(ledger, userId, after) : 0);
      ctx.body = page.entries.map((entry) => {
        const row = { ...entry, balanceAfter: balance };
        balance -= entry.amount;
        return row;
      });
    });

    /** Kept for the spec's client: the id must be the signed-in user's own. */
    router.post('/api/airtable/login', async (ctx) => {
      const body = parse(airtableLoginRequest, ctx.request.body);
      requireSelf(ctx, body.id);
      await currentUser(ctx);
    });
  };
}
