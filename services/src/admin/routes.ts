import { accountStream, type Tier } from '@studio/events';
import {
  adminRightsRequest,
  adminUsersQuery,
  selfUpdateRequest,
  updateUserSubscriptionRequest,
} from '@studio/events/requests';
import type Koa from 'koa';
import { requireUser } from '../account/auth';
import { accountDecider } from '../account/decider';
import { loadAccount } from '../account/identity';
import { ACCOUNTS, type AccountDoc } from '../account/projections';
import { userView } from '../account/user-view';
import type { SubscriptionCheck } from '../billing/gateway';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import { parse } from '../platform/http/validation';
import type { Platform } from '../platform/module';
import { changeAdminRights } from './grant-admin';
import { requireAdmin } from './require-admin';

/** Fields of the log an admin may read: never the password hash. */
function readable(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data;
  // Hashes of passwords and of mailed links: no admin needs them, and they are nobody's to copy.
  const { passwordHash: _password, tokenHash: _link, ...rest } = data as Record<string, unknown>;
  return rest;
}

export interface AdminOptions {
  /** Drops and replays every read model; absent where this process runs no projector. */
  rebuildReadModels?: () => Promise<void>;
}

/** What admin tools need of the payment gateway: its view of a subscription. */
export interface SubscriptionChecker {
  checkSubscription(subscriptionId: string): Promise<SubscriptionCheck>;
}

export interface AdminRouteDeps
  extends Pick<Platform, 'commands' | 'clock' | 'readStore' | 'eventStore' | 'logger'> {
  gateway: SubscriptionChecker;
}

export function adminRoutes(deps: AdminRouteDeps, options: AdminOptions = {}): RouteModule {
  const { commands, clock, gateway, readStore, eventStore, logger } = deps;
  const admin = (ctx: Koa.Context) => requireAdmin(ctx, commands);
  /** `userId`: whose stream changes; the signed-in admin is recorded as the actor. */
  const context = (ctx: Koa.Context, userId: string) => ({
    at: clock.now().toISOString(),
    correlationId: ctx.state.requestId as string,
    causationId: ctx.state.requestId as string,
    userId,
    ...(ctx.state.userId && ctx.state.userId !== userId ? { actorId: ctx.state.userId as string } : {}),
  });
  const existing = async (userId: string) => {
    const account = await loadAccount(commands, userId);
    if (!account) throw new DomainError('NOT_FOUND', `No user with id ${userId}`);
    return account;
  };

  return (router) => {
    router.post('/api/admin/update-user-subscription', async (ctx) => {
      const me = await admin(ctx);
      const body = parse(updateUserSubscriptionRequest, ctx.request.body);
      const before = await existing(body.userId);
      const { state } = await commands.handle(
        accountStream(body.userId),
        accountDecider,
        {
          type: 'AdminUpdateSubscription',
          adminId: me.userId,
          tier: body.tier as Tier,
          credits: body.credits,
          reason: `Admin update by ${me.email}`,
          ...(body.stripeCustomerId ? { customerId: body.stripeCustomerId } : {}),
          ...(body.subscriptionId ? { subscriptionId: body.subscriptionId } : {}),
        },
        context(ctx, body.userId),
      );
      ctx.body = {
        success: true,
        message: 'Subscription Updated',
        previousCredits: before.credits,
        user: userView(state),
      };
    });

    router.post('/api/admin/verify-all-subscriptions', async (ctx) => {
      await admin(ctx);
      const accounts = await readStore
        .collection<AccountDoc>(ACCOUNTS)
        .find({ subscriptionStatus: { $in: ['active', 'past_due', 'cancelling'] } });
      let verified = 0;
      let errors = 0;
      for (const account of accounts) {
        if (!account.subscriptionId) continue;
        try {
          const check = await gateway.checkSubscription(account.subscriptionId);
          if (['canceled', 'unpaid', 'incomplete_expired'].includes(check.status)) {
            await commands.handle(
              accountStream(account._id),
              accountDecider,
              {
                type: 'ExpireSubscription',
                subscriptionId: account.subscriptionId,
                reason: `verify-all: ${check.status}`,
              },
              context(ctx, account._id),
            );
          }
          verified += 1;
        } catch (error) {
          logger.warn({ err: error, userId: account._id }, 'subscription check failed');
          errors += 1;
        }
      }
      ctx.body = { verified, errors };
    });

    /** The self-update testing tool: the signed-in admin's own subscription. */
    router.post('/api/manual-subscription-update', async (ctx) => {
      if (!ctx.state.userId)
        throw new DomainError('UNAUTHENTICATED', 'You must be logged in to update your subscription');
      const me = await admin(ctx);
      const body = parse(selfUpdateRequest, ctx.request.body);
      if (body.userId && body.userId !== me.userId) {
        throw new DomainError('FORBIDDEN', 'The self-update tool only changes your own subscription');
      }
      const { state } = await commands.handle(
        accountStream(me.userId),
        accountDecider,
        {
          type: 'SelfUpdateSubscription',
          tier: body.tier as Exclude<Tier, 'Demo'>,
          paymentRef: `manual-${body.subscriptionId ?? body.customerId ?? body.tier}`,
          ...(body.customerId ? { customerId: body.customerId } : {}),
          ...(body.subscriptionId ? { subscriptionId: body.subscriptionId } : {}),
        },
        context(ctx, me.userId),
      );
      const added = state.credits - me.credits;
      ctx.body = {
        addedCredits: added,
        previousCredits: me.credits,
        newCredits: state.credits,
        tier: state.tier,
        message:
          added > 0 ? `Subscription updated: ${added} credits added` : 'Subscription already up to date',
      };
    });

    router.get('/api/admin/users', async (ctx) => {
      await admin(ctx);
      const query = parse(adminUsersQuery, ctx.query);
      const accounts = readStore.collection<AccountDoc>(ACCOUNTS);
      const found = query.email
        ? await accounts.find({ email: query.email }, { limit: 1 })
        : await accounts.find({}, { sort: { createdAt: -1 }, limit: 50 });
      ctx.body = found.map(({ _id, ...rest }) => ({ id: _id, ...rest }));
    });

    /** A user's event history (the account stream), for admins fixing subscriptions by hand. */
    router.get('/api/admin/users/:userId/events', async (ctx) => {
      await admin(ctx);
      const userId = String(ctx.params.userId);
      await existing(userId);
      const events = await eventStore.readStream(accountStream(userId));
      ctx.body = events
        .map((e) => ({
          revision: e.revision,
          position: e.position,
          type: e.type,
          occurredAt: e.metadata.occurredAt,
          data: readable(e.data),
          correlationId: e.metadata.correlationId,
          ...(e.metadata.actorId ? { actorId: e.metadata.actorId } : {}),
        }))
        .reverse();
    });

    /** Grants or revokes another account's admin rights; the event names the admin who did it. */
    router.post('/api/admin/admins', async (ctx) => {
      const me = await admin(ctx);
      const body = parse(adminRightsRequest, ctx.request.body);
      const state = await changeAdminRights(commands, {
        email: body.email,
        grant: body.action === 'grant',
        by: me.userId,
        at: clock.now().toISOString(),
        correlationId: ctx.state.requestId as string,
      });
      ctx.body = { success: true, user: userView(state) };
    });

    router.post('/api/admin/rebuild-read-models', async (ctx) => {
      await admin(ctx);
      if (!options.rebuildReadModels) {
        throw new DomainError(
          'CONFLICT',
          'This process runs no projector: run `projector --rebuild` instead',
        );
      }
      const started = Date.now();
      await options.rebuildReadModels();
      ctx.body = {
        success: true,
        message: 'Read models rebuilt from the event log',
        ms: Date.now() - started,
      };
    });

    /** Whether the signed-in user may see the admin tools (the client hides the link otherwise). */
    router.get('/api/admin/me', async (ctx) => {
      requireUser(ctx);
      await admin(ctx);
      ctx.body = { admin: true };
    });
  };
}
