import type { Event } from './envelope';
import type { PlanId } from './subscription';

/** Why credits moved; shown in the credit history. */
/** `plan-upgrade`: the higher plan's extra credits for the rest of the month, in proportion to what was paid. */
export type GrantReason = 'plan-purchase' | 'renewal' | 'plan-upgrade';

export type CreditsGranted = Event<
  'CreditsGranted',
  { amount: number; reason: GrantReason; planId: PlanId; paymentRef?: string }
>;

/**
 * Credits spent on a generation, or on one part of a finished book written again: then
 * `generationId` is the regeneration's id and `bookId` and `part` say which (its work starts here).
 */
export type CreditsDebited = Event<
  'CreditsDebited',
  /**
   * `generation`: a job's price, `generationId` its job (a part written again: its regeneration,
   * with `bookId` and `part`). `outline-rewrite`: Gen 2.0's outlines written anew beyond the free
   * rewrite; `generationId` is the charge's own id (the book's id and the round), so one round is
   * charged once however many requests ask for it.
   */
  {
    amount: number;
    reason: 'generation' | 'outline-rewrite';
    generationId: string;
    kind: string;
    bookId?: string;
    part?: string;
  }
>;

export type CreditsRefunded = Event<
  'CreditsRefunded',
  { amount: number; reason: 'generation-failed' | 'generation-timed-out'; generationId: string }
>;

/** An admin correction; `delta` may be negative but never takes the balance below zero. */
export type CreditsAdjusted = Event<
  'CreditsAdjusted',
  { delta: number; reason: string; adminId: string; previousCredits: number; newCredits: number }
>;

export type CreditsEvent = CreditsGranted | CreditsDebited | CreditsRefunded | CreditsAdjusted;
