import { type AccountStreamEvent, PLAN_TERMS, streamId } from '@studio/events';
import { assertNever } from '../platform/decider';
import type { Doc, WriteOp } from '../platform/readstore/port';
import { defineProjection } from '../platform/runners/projector';

/** One document per account: for lookups by gateway ids, the admin tools and verify-all. */
export const ACCOUNTS = 'accounts';
/** Every credit movement with its reason, newest first in the user's credit history. */
export const LEDGER = 'ledger';

export interface AccountDoc extends Doc {
  name: string;
  email: string;
  tier: string;
  credits: number;
  createdAt: string;
  planId?: string;
  customerId?: string;
  subscriptionId?: string;
  subscriptionStatus: string;
  isAdmin?: boolean;
}

export interface LedgerDoc extends Doc {
  userId: string;
  at: string;
  /** Signed: + granted/refunded/added, − debited/removed. */
  amount: number;
  /** `withdrawn`: credits taken back because their payment was refunded or lost in a dispute. */
  kind: 'granted' | 'debited' | 'refunded' | 'adjusted' | 'withdrawn';
  reason: string;
  generationId?: string;
  planId?: string;
}

/** The account-stream events that change an account document or the ledger. */
const HANDLES = [
  'UserRegistered',
  'ProfileUpdated',
  'CreditsGranted',
  'CreditsDebited',
  'CreditsRefunded',
  'CreditsAdjusted',
  'PaymentReversed',
  'AdminGranted',
  'AdminRevoked',
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'PlanChanged',
  'PaymentFailed',
  'SubscriptionCancelled',
  'SubscriptionExpired',
  'SubscriptionAdminUpdated',
] as const satisfies readonly AccountStreamEvent['type'][];

type LedgerEntry = Omit<LedgerDoc, '_id' | 'userId' | 'at'>;

// Plain objects from module-level functions, no spread copies and no closure per event: a rebuild
// builds these for every credit movement in the log (tsx names every closure it creates).
function accountUpdate(id: string, set: Record<string, unknown>, inc?: Record<string, number>): WriteOp {
  return inc
    ? { op: 'update', collection: ACCOUNTS, id, set, inc }
    : { op: 'update', collection: ACCOUNTS, id, set };
}

/** `entry` is the caller's fresh object: it becomes the document. */
function ledgerPut(id: string, userId: string, at: string, entry: LedgerEntry): WriteOp {
  const doc = entry as LedgerDoc;
  doc._id = id;
  doc.userId = userId;
  doc.at = at;
  return { op: 'put', collection: LEDGER, doc };
}

/** A credit movement: the balance and the ledger move by the same signed amount. */
function creditMove(
  id: string,
  userId: string,
  at: string,
  entry: LedgerEntry & { amount: number },
): WriteOp[] {
  return [accountUpdate(userId, {}, { credits: entry.amount }), ledgerPut(id, userId, at, entry)];
}

export const accountsProjection = defineProjection({
  name: 'accounts',
  collections: [ACCOUNTS, LEDGER],
  handles: HANDLES,
  indexes: [
    { collection: ACCOUNTS, fields: ['customerId'] },
    { collection: ACCOUNTS, fields: ['subscriptionId'] },
    { collection: LEDGER, fields: ['userId', 'at'] },
  ],
  project(event): WriteOp[] {
    if (!event.streamName.startsWith('account-')) return [];
    const userId = streamId(event.streamName);
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'UserRegistered': {
        const doc: AccountDoc = {
          _id: userId,
          name: event.data.name,
          email: event.data.email,
          tier: 'Demo',
          credits: 0,
          createdAt: at,
          subscriptionStatus: 'none',
          ...(event.data.customerId ? { customerId: event.data.customerId } : {}),
        };
        return [{ op: 'put', collection: ACCOUNTS, doc }];
      }
      case 'ProfileUpdated':
        return event.data.name !== undefined ? [accountUpdate(userId, { name: event.data.name })] : [];
      case 'AdminGranted':
        return [accountUpdate(userId, { isAdmin: true })];
      case 'AdminRevoked':
        return [accountUpdate(userId, { isAdmin: false })];
      case 'CreditsGranted':
        return creditMove(event.eventId, userId, at, {
          amount: event.data.amount,
          kind: 'granted',
          reason: event.data.reason,
          planId: event.data.planId,
        });
      case 'CreditsDebited':
        return creditMove(event.eventId, userId, at, {
          amount: -event.data.amount,
          kind: 'debited',
          reason: event.data.kind,
          generationId: event.data.generationId,
        });
      case 'CreditsRefunded':
        return creditMove(event.eventId, userId, at, {
          amount: event.data.amount,
          kind: 'refunded',
          reason: event.data.reason,
          generationId: event.data.generationId,
        });
      case 'CreditsAdjusted':
        return creditMove(event.eventId, userId, at, {
          amount: event.data.delta,
          kind: 'adjusted',
          reason: event.data.reason,
        });
      case 'PaymentReversed':
        // Listed even when nothing could be withdrawn, so the history says the payment went back.
        return creditMove(event.eventId, userId, at, {
          amount: -event.data.creditsWithdrawn,
          kind: 'withdrawn',
          reason: event.data.cause,
          ...(event.data.planId ? { planId: event.data.planId } : {}),
        });
      case 'SubscriptionActivated':
        return [
          accountUpdate(userId, {
            tier: event.data.tier,
            planId: event.data.planId,
            subscriptionStatus: 'active',
            ...(event.data.customerId ? { customerId: event.data.customerId } : {}),
            ...(event.data.subscriptionId ? { subscriptionId: event.data.subscriptionId } : {}),
          }),
        ];
      case 'SubscriptionRenewed':
        // The plan billed is the plan (a scheduled downgrade lands here), as the account decides.
        return [
          accountUpdate(userId, {
            subscriptionStatus: 'active',
            planId: event.data.planId,
            tier: PLAN_TERMS[event.data.planId].tier,
          }),
        ];
      case 'PlanChanged':
        return [accountUpdate(userId, { tier: event.data.tier, planId: event.data.toPlanId })];
      case 'PaymentFailed':
        return [accountUpdate(userId, { subscriptionStatus: 'past_due' })];
      case 'SubscriptionCancelled':
        return [
          accountUpdate(userId, { subscriptionStatus: event.data.atPeriodEnd ? 'cancelling' : 'expired' }),
        ];
      case 'SubscriptionExpired':
        return event.data.downgraded
          ? [accountUpdate(userId, { tier: 'Demo', subscriptionStatus: 'expired' })]
          : [];
      case 'SubscriptionAdminUpdated':
        return [
          accountUpdate(userId, {
            tier: event.data.tier,
            subscriptionStatus: event.data.tier === 'Demo' ? 'none' : 'active',
            ...(event.data.customerId ? { customerId: event.data.customerId } : {}),
            ...(event.data.subscriptionId ? { subscriptionId: event.data.subscriptionId } : {}),
          }),
        ];
      default:
        return assertNever(event);
    }
  },
});
