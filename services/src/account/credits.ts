import type {
  CreditsAdjusted,
  CreditsDebited,
  CreditsGranted,
  CreditsRefunded,
  GenerationKind,
  GenerationRequest,
  GenerationRequested,
  GenerationResumeRequested,
  GrantReason,
  PlanId,
  Tier,
} from '@studio/events';
import { TOOL_CONTRACTS } from '@studio/events';
import { unprintable, unprintableMessage } from '@studio/events/requests';
import { assertNever, type Emitted } from '../platform/decider';
import { DomainError } from '../platform/errors';
import type { AccountState } from './state';

/** The credit ledger's rules. The balance never goes below zero, and no credit is lost. */
export type GrantCredits = {
  type: 'GrantCredits';
  amount: number;
  reason: GrantReason;
  planId: PlanId;
  /** Payment reference (invoice, checkout session): granting twice for one payment is a no-op. */
  paymentRef: string;
};

export type StartGeneration = {
  type: 'StartGeneration';
  generationId: string;
  cost: number;
  /** Tiers allowed to use this tool; absent means every tier. */
  allowedTiers?: readonly Tier[];
  request: GenerationRequest;
};

/**
 * The owner continues a failed job: the round's price is debited under its own charge id (so a
 * second request for the same round charges nothing) with the request to queue the job again.
 */
export type ResumeGeneration = {
  type: 'ResumeGeneration';
  generationId: string;
  kind: GenerationKind;
  round: number;
  chargeId: string;
  cost: number;
  /** The tool's tiers, as when it was started: a plan that lost the tool cannot continue it. */
  allowedTiers?: readonly Tier[];
};

export type RefundGeneration = {
  type: 'RefundGeneration';
  generationId: string;
  reason: 'generation-failed' | 'generation-timed-out';
};

/**
 * One part of a finished book written again (its request already on the book's stream): charged
 * once per regeneration id, however often it is asked.
 */
export type ChargePartRegeneration = {
  type: 'ChargePartRegeneration';
  regenerationId: string;
  bookId: string;
  part: string;
  kind: GenerationRequest['kind'];
  cost: number;
};

/** Gen 2.0's outlines written anew beyond the free rewrite: charged once per `chargeId`. */
export type ChargeOutlineRewrite = { type: 'ChargeOutlineRewrite'; chargeId: string; amount: number };

export type AdjustCredits = { type: 'AdjustCredits'; newCredits: number; reason: string; adminId: string };

export type CreditsCommand =
  | GrantCredits
  | StartGeneration
  | ChargePartRegeneration
  | ResumeGeneration
  | RefundGeneration
  | AdjustCredits
  | ChargeOutlineRewrite;

type Out = Emitted<
  | CreditsGranted
  | CreditsDebited
  | CreditsRefunded
  | CreditsAdjusted
  | GenerationRequested
  | GenerationResumeRequested
>[];

function requireAccount(state: AccountState): void {
  if (!state.registered) throw new DomainError('NOT_FOUND', 'Account not found');
}

function requireWholeAmount(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new DomainError('VALIDATION', `${what} must be a whole number of credits, 0 or more`);
  }
}

/**
 * The plan may use the tool and the balance covers it. Also asked before an upload is read, as a
 * gate only: the append of StartGeneration decides again, atomically.
 */
export function requireAffordable(state: AccountState, cost: number, allowedTiers?: readonly Tier[]): void {
  requireAccount(state);
  if (allowedTiers && !allowedTiers.includes(state.tier)) {
    throw new DomainError('TIER_REQUIRED', `This tool needs the ${allowedTiers.join(' or ')} plan.`);
  }
  if (state.credits < cost) {
    throw new DomainError(
      'INSUFFICIENT_CREDITS',
      `You need ${cost} credits. You currently have ${state.credits} credits.`,
      {
        required: cost,
        available: state.credits,
      },
    );
  }
}

/**
 * A book prints its author (the pen name, else the account's name, which may be in any script):
 * one the book fonts cannot print is refused before a credit is spent, with the way out.
 */
function requirePrintableAuthor(author: string): void {
  const missing = unprintable(author);
  if (missing.length > 0)
    throw new DomainError(
      'VALIDATION',
      unprintableMessage(
        'Your name',
        missing,
        'Set a pen name in your profile to publish your books under, or change your name.',
      ),
    );
}

export function decideCredits(command: CreditsCommand, state: AccountState): Out {
  requireAccount(state);
  switch (command.type) {
    case 'GrantCredits': {
      requireWholeAmount(command.amount, 'Granted credits');
      if (state.appliedPayments.has(command.paymentRef) || command.amount === 0) return [];
      const { amount, reason, planId, paymentRef } = command;
      return [{ type: 'CreditsGranted', data: { amount, reason, planId, paymentRef } }];
    }
    case 'StartGeneration': {
      const { generationId, cost, allowedTiers, request } = command;
      requireWholeAmount(cost, 'Cost');
      if (state.debits.has(generationId)) return [];
      requireAffordable(state, cost, allowedTiers);
      const author = state.penName || state.name;
      if (TOOL_CONTRACTS[request.kind].artifacts.includes('pdf')) requirePrintableAuthor(author);
      return [
        {
          type: 'CreditsDebited',
          data: { amount: cost, reason: 'generation', generationId, kind: request.kind },
        },
        // The plan is recorded with the request: it decides the formats the job makes (EPUB);
        // and so is the author, so a book's files name the same author whenever they are rebuilt.
        {
          type: 'GenerationRequested',
          data: {
            generationId,
            userId: state.userId,
            cost,
            ...request,
            tier: state.tier,
            author,
          },
        },
      ];
    }
    case 'ChargePartRegeneration': {
      const { regenerationId, bookId, part, kind, cost } = command;
      requireWholeAmount(cost, 'Cost');
      if (state.debits.has(regenerationId)) return [];
      requireAffordable(state, cost);
      return [
        {
          type: 'CreditsDebited',
          data: { amount: cost, reason: 'generation', generationId: regenerationId, kind, bookId, part },
        },
      ];
    }
    case 'ResumeGeneration': {
      const { generationId, kind, round, chargeId, cost, allowedTiers } = command;
      requireWholeAmount(cost, 'Cost');
      if (state.debits.has(chargeId)) return [];
      requireAffordable(state, cost, allowedTiers);
      return [
        {
          type: 'CreditsDebited',
          data: { amount: cost, reason: 'generation', generationId: chargeId, kind },
        },
        {
          type: 'GenerationResumeRequested',
          data: { generationId, userId: state.userId, kind, round, cost, chargeId },
        },
      ];
    }
    case 'ChargeOutlineRewrite': {
      requireWholeAmount(command.amount, 'Cost');
      if (state.debits.has(command.chargeId)) return [];
      requireAffordable(state, command.amount);
      return [
        {
          type: 'CreditsDebited',
          data: {
            amount: command.amount,
            reason: 'outline-rewrite',
            generationId: command.chargeId,
            kind: 'non-fiction-v2',
          },
        },
      ];
    }
    case 'RefundGeneration': {
      const amount = state.debits.get(command.generationId);
      if (amount === undefined || state.refunded.has(command.generationId)) return [];
      return [
        {
          type: 'CreditsRefunded',
          data: { amount, reason: command.reason, generationId: command.generationId },
        },
      ];
    }
    case 'AdjustCredits': {
      requireWholeAmount(command.newCredits, 'Credits');
      const delta = command.newCredits - state.credits;
      if (delta === 0) return [];
      return [
        {
          type: 'CreditsAdjusted',
          data: {
            delta,
            reason: command.reason,
            adminId: command.adminId,
            previousCredits: state.credits,
            newCredits: command.newCredits,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}
