/**
 * What one AI provider call used, recorded with the job that made it (on its part, outline,
 * completion or failure event), so that a job's provider cost survives replays and rebuilds.
 */
export interface AiUsage {
  /** The model the call named (`offline` for the embedded provider, whose calls cost nothing). */
  model: string;
  call: 'text' | 'image' | 'edit' | 'moderation';
  /** Tokens the call was billed for; picture tokens of GPT image models are counted in them. */
  inputTokens: number;
  outputTokens: number;
  /** Of the input tokens, those of pictures (GPT image models price them apart). */
  inputImageTokens?: number;
  /** Pictures made. */
  images: number;
  /** `1024x1536`, as asked. */
  size?: string;
  quality?: string;
  /** What the price table in force said the call cost, in US dollars; 0 for a model it does not know. */
  costUsd: number;
}

/** The cost of a list of calls, in US dollars, to the millionth of a dollar. */
export const usageCost = (usage: readonly AiUsage[] | undefined): number =>
  Math.round((usage ?? []).reduce((sum, u) => sum + u.costUsd, 0) * 1_000_000) / 1_000_000;
