import { accountStream } from '@studio/events';
import { type AccountCommand, accountDecider } from '../account/decider';
import { ACCOUNTS, type AccountDoc } from '../account/projections';
import type { AccountState } from '../account/state';
import type { CommandHandler } from '../platform/command-handler';
import type { Logger } from '../platform/logging';
import type { ReadStore } from '../platform/readstore/port';
import type { GatewayEvent, PaymentGateway } from './gateway';

type Reversal = Extract<GatewayEvent, { kind: 'payment-reversed' }>;

export interface PaymentOutcome {
  applied: boolean;
  userId?: string;
  state?: AccountState;
  creditsAdded: number;
}

/**
 * Turns a gateway event into an account command. The account decider makes it exactly-once:
 * a payment already applied, a cancellation already recorded, decide nothing.
 */
export class Payments {
  constructor(
    private readonly commands: CommandHandler,
    private readonly readStore: ReadStore,
    private readonly logger: Logger,
    private readonly gateway: Pick<PaymentGateway, 'describeCharge'>,
  ) {}

  async apply(received: GatewayEvent, at: string): Promise<PaymentOutcome> {
    if (received.kind === 'ignored') return { applied: false, creditsAdded: 0 };
    const event = received.kind === 'payment-reversed' ? await this.completeReversal(received) : received;
    const userId = event.userId ?? (await this.userOf(event.customerId, event.subscriptionId));
    if (!userId) {
      this.logger.warn(
        { eventId: event.eventId, kind: event.kind },
        'payment event for an unknown account; ignored',
      );
      return { applied: false, creditsAdded: 0 };
    }
    const stream = accountStream(userId);
    const context = { at, correlationId: event.eventId, causationId: event.eventId, userId };
    const before = await this.commands.load(stream, accountDecider);
    if (!before.state.registered) return { applied: false, creditsAdded: 0 };
    const command = commandFor(event, before.state);
    const result = command ? await this.commands.handle(stream, accountDecider, command, context) : undefined;
    for (const recorded of result?.events ?? []) {
      if (recorded.type === 'PaymentNotCredited' || recorded.type === 'PaymentReversed')
        this.logger.warn(
          { userId, eventId: event.eventId, [recorded.type]: recorded.data },
          "payment needs an admin: see the account's event history in the admin tools",
        );
    }
    const state = (result?.state as AccountState | undefined) ?? before.state;
    return {
      applied: (result?.events.length ?? 0) > 0,
      userId,
      state,
      creditsAdded: state.credits - before.state.credits,
    };
  }

  /** A dispute names only its charge, and a current refund no invoice: the gateway knows the rest. */
  private async completeReversal(event: Reversal): Promise<Reversal> {
    if (event.customerId && event.paymentRef && event.amountCharged !== undefined) return event;
    const details = await this.gateway.describeCharge(event.chargeRef);
    return { ...details, ...event };
  }

  /** The account of a gateway customer or subscription, from the accounts read model. */
  private async userOf(customerId?: string, subscriptionId?: string): Promise<string | undefined> {
    const accounts = this.readStore.collection<AccountDoc>(ACCOUNTS);
    if (subscriptionId) {
      const [bySubscription] = await accounts.find({ subscriptionId }, { limit: 1 });
      if (bySubscription) return bySubscription._id;
    }
    if (customerId) {
      const [byCustomer] = await accounts.find({ customerId }, { limit: 1 });
      if (byCustomer) return byCustomer._id;
    }
    return undefined;
  }
}

/** The account command a gateway event asks for; none where it changes nothing. */
function commandFor(
  event: Exclude<GatewayEvent, { kind: 'ignored' }>,
  state: AccountState,
): AccountCommand | undefined {
  const ids = {
    ...(event.subscriptionId ? { subscriptionId: event.subscriptionId } : {}),
  };
  switch (event.kind) {
    case 'subscription-paid': {
      if (!event.planId) {
        return {
          type: 'HoldPayment',
          paymentRef: event.paymentRef,
          amountPaid: event.amountPaid,
          ...(event.priceId ? { priceId: event.priceId } : {}),
          ...ids,
        };
      }
      // The plan's month paid for: the first one takes the plan, the others renew it.
      const paid = {
        planId: event.planId,
        amountPaid: event.amountPaid,
        paymentRef: event.paymentRef,
        ...ids,
        ...(event.periodEnd ? { periodEnd: event.periodEnd } : {}),
      };
      return event.firstPayment
        ? {
            type: 'ActivateSubscription',
            ...paid,
            ...(event.customerId ? { customerId: event.customerId } : {}),
          }
        : { type: 'RenewSubscription', ...paid };
    }
    case 'plan-change-paid':
      return {
        type: 'ChangePlan',
        toPlanId: event.planId,
        paymentRef: event.paymentRef,
        amountPaid: event.amountPaid,
        ...ids,
        ...(event.periodEnd ? { renewsAt: event.periodEnd } : {}),
      };
    case 'payment-reversed':
      return {
        type: 'ReversePayment',
        chargeRef: event.chargeRef,
        cause: event.cause,
        amountReversed: event.amountReversed,
        ...(event.amountCharged !== undefined ? { amountCharged: event.amountCharged } : {}),
        ...(event.paymentRef ? { paymentRef: event.paymentRef } : {}),
      };
    case 'payment-failed':
      return { type: 'RecordPaymentFailure', paymentRef: event.paymentRef, reason: event.reason, ...ids };
    case 'subscription-updated':
      if (['canceled', 'unpaid', 'incomplete_expired'].includes(event.status)) {
        return {
          type: 'ExpireSubscription',
          subscriptionId: event.subscriptionId,
          reason: `subscription ${event.status}`,
        };
      } else if (event.cancelAtPeriodEnd) {
        return { type: 'CancelSubscription', subscriptionId: event.subscriptionId, atPeriodEnd: true };
      } else if (event.planId && event.planId !== state.planId) {
        // Moved to another price without an invoice now (a downgrade, made here or in Stripe's
        // portal): scheduled for the renewal. An unpaid upgrade decides nothing until its invoice.
        return {
          type: 'ChangePlan',
          toPlanId: event.planId,
          amountPaid: 0,
          subscriptionId: event.subscriptionId,
          ...(event.periodEnd ? { renewsAt: event.periodEnd } : {}),
        };
      }
      return undefined;
    case 'subscription-deleted':
      return {
        type: 'ExpireSubscription',
        subscriptionId: event.subscriptionId,
        reason: 'subscription deleted',
      };
  }
}
