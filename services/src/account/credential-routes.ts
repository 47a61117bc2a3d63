import { accountStream } from '@studio/events';
import {
  CREDENTIAL_MESSAGES,
  changePasswordRequest,
  forgotPasswordRequest,
  resetPasswordRequest,
  verifyEmailRequest,
} from '@studio/events/requests';
import type Koa from 'koa';
import type { CommandContext } from '../platform/command-handler';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import { failureLimit, requestLimit } from '../platform/http/rate-limit';
import { parse } from '../platform/http/validation';
import type { Platform } from '../platform/module';
import { requireUser } from './auth';
import { opensLink } from './credentials';
import { accountDecider } from './decider';
import { emailClaim } from './email-claims';
import { loadAccount, normaliseEmail } from './identity';
import { readLink } from './links';
import { hashPassword, verifyPassword } from './passwords';
import type { SessionStore } from './sessions';
import { userView } from './user-view';

const TEN_MINUTES = 10 * 60 * 1000;
/** Reset links asked for one address in ten minutes (per client address: AUTH_RATE_LIMIT). */
export const RESET_REQUESTS_PER_WINDOW = 5;
/** New verification links one account may ask for in ten minutes. */
export const VERIFICATION_REQUESTS_PER_WINDOW = 3;

export interface CredentialRouteDeps extends Pick<Platform, 'commands' | 'clock'> {
  sessions: SessionStore;
  config: Pick<Platform['config'], 'authRateLimit'>;
  context: (ctx: Koa.Context) => Omit<CommandContext, 'userId'>;
  /** A fresh session for the caller (a new id), as a sign-in makes. */
  startSession: (ctx: Koa.Context, userId: string) => Promise<void>;
  secureTransport: Koa.Middleware;
}

const linkInvalid = () => new DomainError('VALIDATION', CREDENTIAL_MESSAGES.linkInvalid);

/**
 * The address and the password: verification links, the password change and the reset by a mailed
 * link. The links themselves are made and mailed by the mail context (from the events these
 * routes append), so a request never waits for, or fails with, a mail server.
 */
export function credentialRoutes(deps: CredentialRouteDeps): RouteModule {
  const { commands, clock, sessions, config, context, startSession, secureTransport } = deps;
  const resetByClient = requestLimit({
    limit: config.authRateLimit,
    windowMs: TEN_MINUTES,
    key: (ctx) => `reset:ip:${ctx.ip}`,
  });
  const resetByAddress = requestLimit({
    limit: RESET_REQUESTS_PER_WINDOW,
    windowMs: TEN_MINUTES,
    key: (ctx) => {
      const named = (ctx.request.body as { email?: unknown } | undefined)?.email;
      return `reset:email:${typeof named === 'string' ? normaliseEmail(named).slice(0, 254) : ''}`;
    },
  });
  const verificationLimit = requestLimit({
    limit: VERIFICATION_REQUESTS_PER_WINDOW,
    windowMs: TEN_MINUTES,
    key: (ctx) => `verification:${requireUser(ctx)}`,
  });
  /** Wrong current passwords and spent links count as sign-in failures do. */
  const failures = (name: string, keys: (ctx: Koa.Context) => string[]) =>
    failureLimit({
      limit: config.authRateLimit,
      windowMs: TEN_MINUTES,
      keys: (ctx) => [`${name}:ip:${ctx.ip}`, ...keys(ctx)],
    });
  const changeFailures = failures('password', (ctx) => {
    const userId = ctx.state.userId as string | undefined;
    return userId ? [`password:user:${userId}`] : [];
  });
  const resetFailures = failures('reset-link', () => []);

  return (router) => {
    /** The verification link's page: public, since the link may be opened in any browser. */
    router.post('/api/email/verify', resetFailures, async (ctx) => {
      const body = parse(verifyEmailRequest, ctx.request.body);
      const link = readLink(body.token);
      if (!link) throw linkInvalid();
      const account = await loadAccount(commands, link.userId);
      if (!account) throw linkInvalid();
      await commands.handle(
        accountStream(link.userId),
        accountDecider,
        { type: 'VerifyEmail', tokenHash: link.tokenHash, at: clock.now().toISOString() },
        { ...context(ctx), userId: link.userId },
      );
      ctx.body = { success: true, message: CREDENTIAL_MESSAGES.verified };
    });

    /** A new verification link, mailed to the signed-in user's address. */
    router.post('/api/email/verification', verificationLimit, async (ctx) => {
      const userId = requireUser(ctx);
      const { state } = await commands.handle(
        accountStream(userId),
        accountDecider,
        { type: 'RequestEmailVerification' },
        { ...context(ctx), userId },
      );
      ctx.status = 202;
      ctx.body = { success: true, message: CREDENTIAL_MESSAGES.verificationSent(state.email) };
    });

    /** The signed-in user's new password, given the current one; every other session ends. */
    router.post('/api/user/password', secureTransport, changeFailures, async (ctx) => {
      const userId = requireUser(ctx);
      const body = parse(changePasswordRequest, ctx.request.body);
      const account = await loadAccount(commands, userId);
      if (!account) throw new DomainError('UNAUTHENTICATED', 'Not authenticated');
      if (!(await verifyPassword(account.passwordHash, body.currentPassword))) {
        throw new DomainError('VALIDATION', CREDENTIAL_MESSAGES.wrongCurrentPassword, {
          field: 'currentPassword',
        });
      }
      const passwordHash = await hashPassword(body.newPassword);
      // Ended before the change too: a crash right after it cannot leave a stolen session alive.
      await sessions.endAllFor(userId);
      const { state } = await commands.handle(
        accountStream(userId),
        accountDecider,
        { type: 'ChangePassword', currentHash: account.passwordHash, passwordHash },
        { ...context(ctx), userId },
      );
      // And after it: a session started with the old password in between ends as well.
      await sessions.endAllFor(userId);
      await startSession(ctx, userId);
      ctx.body = { ...userView(state), message: CREDENTIAL_MESSAGES.passwordChanged };
    });

    /**
     * A reset link for an address: the same answer whether an account uses it or not, and both
     * the client and the address are limited (every request counts), so it neither tells who has
     * an account nor floods a mailbox.
     */
    router.post('/api/password/forgot', resetByClient, resetByAddress, async (ctx) => {
      const body = parse(forgotPasswordRequest, ctx.request.body);
      const claim = await emailClaim(commands, normaliseEmail(body.email));
      const account = claim.state.claimedBy ? await loadAccount(commands, claim.state.claimedBy) : undefined;
      if (account) {
        await commands.handle(
          accountStream(account.userId),
          accountDecider,
          { type: 'RequestPasswordReset' },
          { ...context(ctx), userId: account.userId },
        );
      }
      ctx.status = 202;
      ctx.body = { success: true, message: CREDENTIAL_MESSAGES.resetSent };
    });

    /** The reset link's page: a new password, the link spent, every session of the account ended. */
    router.post('/api/password/reset', secureTransport, resetFailures, async (ctx) => {
      const body = parse(resetPasswordRequest, ctx.request.body);
      const link = readLink(body.token);
      if (!link) throw linkInvalid();
      const at = clock.now().toISOString();
      const account = await loadAccount(commands, link.userId);
      // Checked before hashing: a forged link costs no argon2 run. The decider checks again.
      if (!account || !opensLink(account.resetLink, link.tokenHash, at)) throw linkInvalid();
      const passwordHash = await hashPassword(body.password);
      await sessions.endAllFor(link.userId);
      await commands.handle(
        accountStream(link.userId),
        accountDecider,
        { type: 'ResetPassword', tokenHash: link.tokenHash, passwordHash, at },
        { ...context(ctx), userId: link.userId },
      );
      await sessions.endAllFor(link.userId);
      ctx.body = { success: true, message: CREDENTIAL_MESSAGES.passwordReset };
    });
  };
}
