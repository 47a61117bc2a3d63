import { randomBytes } from 'node:crypto';
import { PLAN_TERMS, type PlanId, planChangeKind } from '@studio/events';
import { DomainError } from '../platform/errors';
import type { Doc, ReadStore } from '../platform/readstore/port';
import { monthAfter, proratedDifference } from './billing-period';
import type { Customer, GatewayEvent, PaymentGateway, PlanChange } from './gateway';

/**
 * The simulated gateway: no network, no charge. Its checkout is a page of ours, clearly
 * labelled as test mode, whose Pay button produces the same gateway events Stripe would.
 * Pending checkouts are kept in the read store so they survive a restart.
 */
export const SIMULATED_CHECKOUTS = 'simulated_checkouts';

export interface SimulatedCheckout extends Doc {
  userId: string;
  planId: PlanId;
  status: 'open' | 'paid';
  createdAt: string;
}

const newRef = () => randomBytes(12).toString('hex');

/**
 * What an upgrade costs now: the prorated price difference to the end of the month the account
 * paid for (a month after the payment; the simulated gateway keeps no periods of its own).
 */
function simulatedQuote(change: PlanChange): { dueNow: number; renewsAt?: string } {
  const { renewsAt } = change;
  if (!renewsAt || planChangeKind(change.from, change.to) !== 'upgrade') {
    return renewsAt ? { dueNow: 0, renewsAt } : { dueNow: 0 };
  }
  const difference = PLAN_TERMS[change.to].price - PLAN_TERMS[change.from].price;
  return { dueNow: proratedDifference(difference, change.quoteAt, new Date(renewsAt)), renewsAt };
}

export function createSimulatedGateway(readStore: ReadStore, now: () => Date): PaymentGateway {
  const checkouts = readStore.collection<SimulatedCheckout>(SIMULATED_CHECKOUTS);
  const open = async (customer: Customer, planId: PlanId) => {
    const ref = newRef();
    await checkouts.put({
      _id: ref,
      userId: customer.userId,
      planId,
      status: 'open',
      createdAt: now().toISOString(),
    });
    return ref;
  };

  return {
    kind: 'simulated',
    async saveCardAtRegistration() {
      return {};
    },
    async createCheckoutSession(customer, planId) {
      const ref = await open(customer, planId);
      return { url: `/api/simulated-checkout/${ref}`, sessionRef: ref };
    },
    async createSubscriptionIntent(customer, planId) {
      const ref = await open(customer, planId);
      return { clientSecret: `sim_${ref}_secret_test`, ref };
    },
    async completeSubscription(customer, planId, ref) {
      const checkout = ref ? await checkouts.get(ref) : null;
      if (!checkout || checkout.userId !== customer.userId || checkout.planId !== planId) {
        throw new DomainError('VALIDATION', 'No pending test checkout for this plan. Please start again.');
      }
      await checkouts.update(checkout._id, { set: { status: 'paid' } });
      return {
        paid: true,
        paymentRef: `sim_in_${checkout._id}`,
        amountPaid: PLAN_TERMS[planId].price,
        customerId: `sim_cus_${customer.userId}`,
        subscriptionId: `sim_sub_${customer.userId}`,
        periodEnd: monthAfter(now()).toISOString(),
      };
    },
    async previewPlanChange(change) {
      return simulatedQuote(change);
    },
    async changePlan(change) {
      const { dueNow, renewsAt } = simulatedQuote(change);
      const upgrade = planChangeKind(change.from, change.to) === 'upgrade';
      return {
        paid: true,
        amountPaid: dueNow,
        ...(upgrade ? { paymentRef: `sim_in_${newRef()}` } : {}),
        ...(renewsAt ? { renewsAt } : {}),
      };
    },
    async describeCharge() {
      // The simulated gateway never charges, so nothing is ever refunded.
      return {};
    },
    async checkSubscription(subscriptionId) {
      return { subscriptionId, status: subscriptionId.startsWith('sim_sub_') ? 'active' : 'canceled' };
    },
    parseWebhook(): GatewayEvent {
      throw new DomainError('BAD_SIGNATURE', 'Webhooks are not used by the simulated payment gateway');
    },
  };
}

/** The event the simulated Pay button produces: what checkout.session.completed would say. */
export function simulatedPayment(checkout: SimulatedCheckout, paidAt: Date): GatewayEvent {
  return {
    kind: 'subscription-paid',
    eventId: `sim_evt_${checkout._id}`,
    userId: checkout.userId,
    customerId: `sim_cus_${checkout.userId}`,
    subscriptionId: `sim_sub_${checkout.userId}`,
    planId: checkout.planId,
    amountPaid: PLAN_TERMS[checkout.planId].price,
    paymentRef: `sim_in_${checkout._id}`,
    firstPayment: true,
    periodEnd: monthAfter(paidAt).toISOString(),
  };
}
