import { type AccountStreamEvent, type RecordedEvent, streamId } from '@studio/events';
import { assertNever } from '../platform/decider';
import type { Doc, WriteOp } from '../platform/readstore/port';
import type { Projection } from '../platform/runners/projector';

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
  kind: 'granted' | 'debited' | 'refunded' | 'adjusted';
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
  'AdminGranted',
  'AdminRevoked',
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'PaymentFailed',
  'SubscriptionCancelled',
  'SubscriptionExpired',
  'SubscriptionAdminUpdated',
] as const satisfies readonly AccountStreamEvent['type'][];
type Handled = Extract<AccountStreamEvent, { type: (typeof HANDLES)[number] }>;

export const accountsProjection: Projection = {
  name: 'accounts',
  collections: [ACCOUNTS, LEDGER],
  handles: HANDLES,
  indexes: [
    { collection: ACCOUNTS, fields: ['customerId'] },
    { collection: ACCOUNTS, fields: ['subscriptionId'] },
    { collection: LEDGER, fields: ['userId', 'at'] },
  ],
  project(recorded: RecordedEvent): WriteOp[] {
    if (!recorded.streamName.startsWith('account-')) return [];
    const event = recorded as unknown as RecordedEvent<Handled>;
    const userId = streamId(recorded.streamName);
    const at = event.metadata.occurredAt;
    const set = (fields: Record<string, unknown>, inc?: Record<string, number>): WriteOp => ({
      op: 'update',
      collection: ACCOUNTS,
      id: userId,
      set: fields,
      ...(inc ? { inc } : {}),
    });
    const ledger = (entry: Omit<LedgerDoc, '_id' | 'userId' | 'at'>): WriteOp => ({
      op: 'put',
      collection: LEDGER,
      doc: { _id: event.eventId, userId, at, ...entry },
    });
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
        return event.data.name !== undefined ? [set({ name: event.data.name })] : [];
      case 'AdminGranted':
        return [set({ isAdmin: true })];
      case 'AdminRevoked':
        return [set({ isAdmin: false })];
      case 'CreditsGranted':
        return [
          set({}, { credits: event.data.amount }),
          ledger({
            amount: event.data.amount,
            kind: 'granted',
            reason: event.data.reason,
            planId: event.data.planId,
          }),
        ];
      case 'CreditsDebited':
        return [
          set({}, { credits: -event.data.amount }),
          ledger({
            amount: -event.data.amount,
            kind: 'debited',
            reason: event.data.kind,
            generationId: event.data.generationId,
          }),
        ];
      case 'CreditsRefunded':
        return [
          set({}, { credits: event.data.amount }),
          ledger({
            amount: event.data.amount,
            kind: 'refunded',
            reason: event.data.reason,
            generationId: event.data.generationId,
          }),
        ];
      case 'CreditsAdjusted':
        return [
          set({}, { credits: event.data.delta }),
          ledger({ amount: event.data.delta, kind: 'adjusted', reason: event.data.reason }),
        ];
      case 'SubscriptionActivated':
        return [
          set({
            tier: event.data.tier,
            planId: event.data.planId,
            subscriptionStatus: 'active',
            ...(event.data.customerId ? { customerId: event.data.customerId } : {}),
            ...(event.data.subscriptionId ? { subscriptionId: event.data.subscriptionId } : {}),
          }),
        ];
      case 'SubscriptionRenewed':
        return [set({ subscriptionStatus: 'active' })];
      case 'PaymentFailed':
        return [set({ subscriptionStatus: 'past_due' })];
      case 'SubscriptionCancelled':
        return [set({ subscriptionStatus: event.data.atPeriodEnd ? 'cancelling' : 'expired' })];
      case 'SubscriptionExpired':
        return event.data.downgraded ? [set({ tier: 'Demo', subscriptionStatus: 'expired' })] : [];
      case 'SubscriptionAdminUpdated':
        return [
          set({
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
};
