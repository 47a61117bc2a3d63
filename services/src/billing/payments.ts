import { accountStream, type PlanId } from '@studio/events';
import { accountDecider } from '../account/decider';
import { ACCOUNTS, type AccountDoc } from '../account/projections';
import type { AccountState } from '../account/state';
import type { CommandHandler } from '../platform/command-handler';
import type { Logger } from '../platform/logging';
import type { ReadStore } from '../platform/readstore/port';
import type { GatewayEvent } from './gateway';

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
  ) {}

  async apply(event: GatewayEvent, at: string): Promise<PaymentOutcome> {
    if (event.kind === 'ignored') return { applied: false, creditsAdded: 0 };
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
    const ids = {
      ...(event.subscriptionId ? { subscriptionId: event.subscriptionId } : {}),
    };

    let result: Awaited<ReturnType<CommandHandler['handle']>> | undefined;
    switch (event.kind) {
      case 'subscription-paid': {
        const planId: PlanId = event.planId ?? before.state.planId ?? 'basic';
        result = await this.commands.handle(
          stream,
          accountDecider,
          event.firstPayment
            ? {
                type: 'ActivateSubscription',
                planId,
                paymentRef: event.paymentRef,
                ...ids,
                ...(event.customerId ? { customerId: event.customerId } : {}),
              }
            : {
                type: 'RenewSubscription',
                planId,
                paymentRef: event.paymentRef,
                ...ids,
                ...(event.periodEnd ? { periodEnd: event.periodEnd } : {}),
              },
          context,
        );
        break;
      }
      case 'payment-failed':
        result = await this.commands.handle(
          stream,
          accountDecider,
          { type: 'RecordPaymentFailure', paymentRef: event.paymentRef, reason: event.reason, ...ids },
          context,
        );
        break;
      case 'subscription-updated':
        if (['canceled', 'unpaid', 'incomplete_expired'].includes(event.status)) {
          result = await this.commands.handle(
            stream,
            accountDecider,
            {
              type: 'ExpireSubscription',
              subscriptionId: event.subscriptionId,
              reason: `subscription ${event.status}`,
            },
            context,
          );
        } else if (event.cancelAtPeriodEnd) {
          result = await this.commands.handle(
            stream,
            accountDecider,
            { type: 'CancelSubscription', subscriptionId: event.subscriptionId, atPeriodEnd: true },
            context,
          );
        }
        break;
      case 'subscription-deleted':
        result = await this.commands.handle(
          stream,
          accountDecider,
          {
            type: 'ExpireSubscription',
            subscriptionId: event.subscriptionId,
            reason: 'subscription deleted',
          },
          context,
        );
        break;
    }
    const state = (result?.state as AccountState | undefined) ?? before.state;
    return {
      applied: (result?.events.length ?? 0) > 0,
      userId,
      state,
      creditsAdded: state.credits - before.state.credits,
    };
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
