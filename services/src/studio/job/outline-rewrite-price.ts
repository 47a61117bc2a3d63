import { type GenerationEvent, OUTLINE_REWRITE_CREDITS } from '@studio/events';
import type { Emitted } from '../../platform/decider';
import { DomainError } from '../../platform/errors';

/**
 * Gen 2.0's outlines written anew beyond the free rewrite, once the account paid for the round
 * (docs/product/creation-tools-qr.md (Limits and costs)): the charge is on the account stream,
 * keyed by `chargeId`, so requests that race for the same round are one charge, and only the first
 * to reach the book's stream is the rewrite (the outlines are then no longer ready).
 */
export interface RewriteOutlinesPaid {
  type: 'RewriteOutlinesPaid';
  generationId: string;
  userId: string;
  /** The round this charge is for: a stale one (another request's rewrite came first) is refused. */
  round: number;
  chargeId: string;
}

/** The charge of one paid round: the book's id and the round, one per round whoever asks. */
export const outlineRewriteChargeId = (generationId: string, round: number) =>
  `${generationId}-outlines-${round}`;

/** What the next rewrite of a book costs, after `rounds` rewrites: free within the allowance. */
export const nextRewritePrice = (rounds: number, free: number) =>
  rounds < free ? 0 : OUTLINE_REWRITE_CREDITS;

/** Decided once the generation's decider has checked the outlines may still change. */
export function decidePaidRewrite(
  command: RewriteOutlinesPaid,
  state: { outlineRounds?: number },
  free: number,
): Emitted<GenerationEvent>[] {
  const rounds = state.outlineRounds ?? 0;
  if (rounds < free) throw new DomainError('CONFLICT', 'This rewrite is free: ask for it without paying');
  if (command.round !== rounds + 1)
    throw new DomainError('CONFLICT', 'New outlines are already being written for this book');
  return [
    {
      type: 'GenerationOutlinesRewriteRequested',
      data: {
        generationId: command.generationId,
        userId: command.userId,
        kind: 'non-fiction-v2',
        round: command.round,
        chargeId: command.chargeId,
        credits: OUTLINE_REWRITE_CREDITS,
      },
    },
  ];
}
