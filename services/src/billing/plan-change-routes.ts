import {
  accountStream,
  PLAN_CHANGE_MESSAGES,
  PLAN_TERMS,
  type PlanId,
  planChangeKind,
  upgradeCredits,
} from '@studio/events';
import { planChangeRequest } from '@studio/events/requests';
import type Koa from 'koa';
import { requireUser } from '../account/auth';
import { accountDecider } from '../account/decider';
import { loadAccount } from '../account/identity';
import type { AccountState } from '../account/state';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import { requestLimit } from '../platform/http/rate-limit';
import { parse } from '../platform/http/validation';
import type { Platform } from '../platform/module';
import type { PaymentGateway, PlanChange } from './gateway';
import { hasLivePlan } from './subscriber';

/** A preview stays good this long: the change is charged as of the preview the user read. */
export const QUOTE_VALID_MS = 30 * 60 * 1000;
const TEN_MINUTES = 10 * 60 * 1000;

export interface PlanChangeRouteDeps extends Pick<Platform, 'commands' | 'clock'> {
  gateway: PaymentGateway;
  /** The limit every call that costs a gateway call shares (checkouts, plan changes). */
  limitCheckouts: Koa.Middleware[];
}

type Kind = 'upgrade' | 'downgrade' | 'keep';

/**
 * A subscriber's move to another plan of their subscription: first what it means (the charge now,
 * the credits now, the renewal date and what is paid and granted from then on), then the change.
 * An upgrade is charged the prorated difference at once and applies at once; a downgrade waits for
 * the renewal and costs nothing now; the current plan again takes a scheduled downgrade back.
 * Anything refused is refused before the gateway is asked to charge.
 */
export function planChangeRoutes(deps: PlanChangeRouteDeps): RouteModule {
  const { commands, clock, gateway, limitCheckouts } = deps;
  const limitPreviews = requestLimit({
    limit: 60,
    windowMs: TEN_MINUTES,
    key: (ctx) => `plan-preview:${requireUser(ctx)}`,
  });

  /** The account and the change it asks for, or the reason it cannot be made. */
  async function changeOf(
    ctx: Koa.Context,
    input: unknown,
  ): Promise<{ state: AccountState; change: PlanChange; kind: Kind }> {
    const userId = requireUser(ctx);
    const body = parse(planChangeRequest, input);
    const state = await loadAccount(commands, userId);
    if (!state) throw new DomainError('UNAUTHENTICATED', 'Not authenticated');
    if (!hasLivePlan(state)) throw new DomainError('CONFLICT', PLAN_CHANGE_MESSAGES.noSubscription);
    if (state.subscriptionStatus !== 'active')
      throw new DomainError('CONFLICT', PLAN_CHANGE_MESSAGES.notActive);
    const to: PlanId = body.planId;
    const direction = planChangeKind(state.planId, to);
    if (direction === 'same' && !state.scheduledPlanId) {
      throw new DomainError('CONFLICT', PLAN_CHANGE_MESSAGES.samePlan(PLAN_TERMS[to].name));
    }
    const now = clock.now();
    const quoteAt = body.quoteAt ? new Date(body.quoteAt) : now;
    const age = now.getTime() - quoteAt.getTime();
    // A quote from the future, or one too old to price the change honestly, is asked again.
    if (age < -60_000 || age > QUOTE_VALID_MS)
      throw new DomainError('CONFLICT', PLAN_CHANGE_MESSAGES.quoteExpired);
    return {
      state,
      kind: direction === 'same' ? 'keep' : direction,
      change: {
        customer: {
          userId,
          email: state.email,
          name: state.name,
          ...(state.customerId ? { customerId: state.customerId } : {}),
        },
        subscriptionId: state.subscriptionId,
        from: state.planId,
        to,
        quoteAt,
        ...(state.renewsAt ? { renewsAt: state.renewsAt } : {}),
      },
    };
  }

  const terms = (planId: PlanId) => {
    const { id, name, price, credits } = PLAN_TERMS[planId];
    return { planId: id, name, price, credits };
  };

  return (router) => {
    /** What changing to `planId` would do, priced as of now (its `quoteAt` goes back with the change). */
    router.get('/api/subscription/change', limitPreviews, async (ctx) => {
      const { change, kind } = await changeOf(ctx, ctx.query);
      const quote = await gateway.previewPlanChange(change);
      ctx.body = {
        kind,
        from: terms(change.from),
        to: terms(change.to),
        dueNow: kind === 'upgrade' ? quote.dueNow : 0,
        creditsNow: kind === 'upgrade' ? upgradeCredits(change.from, change.to, quote.dueNow) : 0,
        ...(quote.renewsAt ? { renewsAt: quote.renewsAt } : {}),
        quoteAt: change.quoteAt.toISOString(),
      };
    });

    router.post('/api/subscription/change', ...limitCheckouts, async (ctx) => {
      const { state, change, kind } = await changeOf(ctx, ctx.request.body);
      const outcome = await gateway.changePlan(change);
      if (!outcome.paid) {
        // Nothing was charged and the subscription is as it was: nothing is recorded either.
        ctx.status = 402;
        ctx.body = {
          success: false,
          error: 'PAYMENT_DECLINED',
          message: outcome.message ?? PLAN_CHANGE_MESSAGES.declined,
        };
        return;
      }
      const renewsAt = outcome.renewsAt ?? state.renewsAt;
      const result = await commands.handle(
        accountStream(state.userId),
        accountDecider,
        {
          type: 'ChangePlan',
          toPlanId: change.to,
          amountPaid: outcome.amountPaid,
          subscriptionId: change.subscriptionId,
          ...(outcome.paymentRef ? { paymentRef: outcome.paymentRef } : {}),
          ...(renewsAt ? { renewsAt } : {}),
        },
        {
          at: clock.now().toISOString(),
          correlationId: ctx.state.requestId as string,
          causationId: outcome.paymentRef ?? (ctx.state.requestId as string),
          userId: state.userId,
        },
      );
      ctx.body = {
        success: true,
        kind,
        planId: change.to,
        creditsAdded: result.state.credits - state.credits,
        newTotalCredits: result.state.credits,
        amountPaid: outcome.amountPaid,
        ...(renewsAt ? { renewsAt } : {}),
      };
    });
  };
}
