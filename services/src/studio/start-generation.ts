import { accountStream, type GenerationRequest, type Tier } from '@studio/events';
import { requireAffordable } from '../account/credits';
import { accountDecider } from '../account/decider';
import type { CommandHandler } from '../platform/command-handler';

export interface StartedGeneration {
  generationId: string;
  creditsUsed: number;
  remainingCredits: number;
}

/**
 * Spends the credits and requests the job in ONE append to the account stream; the relay
 * takes it to the workers from there. The balance in the answer comes from the decider state.
 */
export async function startGeneration(
  commands: CommandHandler,
  start: {
    userId: string;
    generationId: string;
    request: GenerationRequest;
    cost: number;
    tiers?: readonly Tier[];
    at: string;
    correlationId: string;
  },
): Promise<StartedGeneration> {
  const { userId, generationId, request, cost, tiers } = start;
  const { state } = await commands.handle(
    accountStream(userId),
    accountDecider,
    {
      type: 'StartGeneration',
      generationId,
      // The time travels with the request: a book's copyright year comes from it, not the clock.
      request: { ...request, requestedAt: start.at },
      cost,
      ...(tiers ? { allowedTiers: tiers } : {}),
    },
    { at: start.at, correlationId: start.correlationId, causationId: generationId, userId },
  );
  return { generationId, creditsUsed: cost, remainingCredits: state.credits };
}

/**
 * Before an upload is read: the account's plan may use the tool and its balance covers `cost`.
 * Only a gate, so that a refused request costs no upload, no decode and no disk; the append in
 * `startGeneration` still decides.
 */
export async function requireAffordableNow(
  commands: CommandHandler,
  userId: string,
  cost: number,
  tiers?: readonly Tier[],
): Promise<void> {
  const { state } = await commands.load(accountStream(userId), accountDecider);
  requireAffordable(state, cost, tiers);
}
