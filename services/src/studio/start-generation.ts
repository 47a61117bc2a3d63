import { accountStream, type GenerationInput, type GenerationKind } from '@studio/events';
import { accountDecider } from '../account/decider';
import type { CommandHandler } from '../platform/command-handler';
import { newId } from '../platform/ids';
import { ALLOWED_TIERS, costOf } from './costs';

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
  request: {
    userId: string;
    kind: GenerationKind;
    input: GenerationInput;
    at: string;
    correlationId: string;
  },
): Promise<StartedGeneration> {
  const generationId = newId();
  const cost = costOf(request.kind, request.input as { bookLength?: number });
  const allowedTiers = ALLOWED_TIERS[request.kind];
  const { state } = await commands.handle(
    accountStream(request.userId),
    accountDecider,
    {
      type: 'StartGeneration',
      generationId,
      kind: request.kind,
      input: request.input,
      cost,
      ...(allowedTiers ? { allowedTiers } : {}),
    },
    {
      at: request.at,
      correlationId: request.correlationId,
      causationId: generationId,
      userId: request.userId,
    },
  );
  return { generationId, creditsUsed: cost, remainingCredits: state.credits };
}
