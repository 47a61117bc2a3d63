import type { AiUsage } from '@studio/events';

/**
 * What a model's calls cost, in US dollars: per million tokens (text; GPT image models bill
 * tokens too, picture input apart), or per picture by `size` (and `quality`) for the DALL·E models.
 */
export interface ModelPrice {
  inputPerMTok?: number;
  outputPerMTok?: number;
  /** Picture input tokens of GPT image models (an edit's reference picture). */
  inputImagePerMTok?: number;
  /** A picture's price by `size` or `quality size` (`hd 1024x1792`). */
  perImage?: Record<string, number>;
}

export type PriceTable = Record<string, ModelPrice>;

/**
 * OpenAI's public list prices (standard tier) as published in 2025, the day this table was last
 * checked. An operator on other models or other prices sets AI_PRICES (JSON, merged over these).
 * Moderation is free.
 */
export const DEFAULT_PRICES: PriceTable = {
  'gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  'gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10 },
  'gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8 },
  'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  'gpt-4.1-nano': { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  'gpt-5': { inputPerMTok: 1.25, outputPerMTok: 10 },
  'gpt-5-mini': { inputPerMTok: 0.25, outputPerMTok: 2 },
  'gpt-5-nano': { inputPerMTok: 0.05, outputPerMTok: 0.4 },
  'gpt-image-1': { inputPerMTok: 5, inputImagePerMTok: 10, outputPerMTok: 40 },
  'gpt-image-1-mini': { inputPerMTok: 2, inputImagePerMTok: 2.5, outputPerMTok: 8 },
  'dall-e-3': {
    perImage: {
      '1024x1024': 0.04,
      '1024x1792': 0.08,
      '1792x1024': 0.08,
      'hd 1024x1024': 0.08,
      'hd 1024x1792': 0.12,
      'hd 1792x1024': 0.12,
    },
  },
  'dall-e-2': { perImage: { '256x256': 0.016, '512x512': 0.018, '1024x1024': 0.02 } },
  'omni-moderation-latest': {},
  'text-moderation-latest': {},
  offline: {},
};

/**
 * The price of a model: its own entry, or that of the longest known prefix (a dated snapshot such
 * as `gpt-4o-mini-2024-07-18` is priced as `gpt-4o-mini`); undefined for a model nobody priced.
 */
export function priceOf(table: PriceTable, model: string): ModelPrice | undefined {
  if (table[model]) return table[model];
  const known = Object.keys(table)
    .filter((name) => model.startsWith(`${name}-`))
    .sort((a, b) => b.length - a.length);
  return known[0] ? table[known[0]] : undefined;
}

/** One call's cost by the table (0 for a model it does not know: the caller logs that). */
export function callCost(table: PriceTable, usage: Omit<AiUsage, 'costUsd'>): number {
  const price = priceOf(table, usage.model);
  if (!price) return 0;
  const imageIn = usage.inputImageTokens ?? 0;
  const tokens =
    ((usage.inputTokens - imageIn) * (price.inputPerMTok ?? 0) +
      imageIn * (price.inputImagePerMTok ?? price.inputPerMTok ?? 0) +
      usage.outputTokens * (price.outputPerMTok ?? 0)) /
    1_000_000;
  const perImage = price.perImage
    ? (price.perImage[`${usage.quality ?? ''} ${usage.size ?? ''}`.trim()] ??
      price.perImage[usage.size ?? ''] ??
      Math.max(0, ...Object.values(price.perImage)))
    : 0;
  return tokens + perImage * usage.images;
}

/** AI_PRICES: a JSON object of model → price, merged over the defaults; a problem is a message. */
export function parsePrices(json: string | undefined): { table: PriceTable } | { problem: string } {
  if (!json) return { table: DEFAULT_PRICES };
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { problem: 'AI_PRICES: must be a JSON object of model names to prices' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { problem: 'AI_PRICES: must be a JSON object of model names to prices' };
  const table: PriceTable = { ...DEFAULT_PRICES };
  for (const [model, price] of Object.entries(parsed)) {
    if (typeof price !== 'object' || price === null || Array.isArray(price))
      return { problem: `AI_PRICES: the price of ${model} must be an object` };
    const out: ModelPrice = {};
    for (const [field, value] of Object.entries(price as Record<string, unknown>)) {
      if (field === 'perImage') {
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          return { problem: `AI_PRICES: ${model}.perImage must map sizes to prices` };
        const sizes: Record<string, number> = {};
        for (const [size, usd] of Object.entries(value as Record<string, unknown>)) {
          if (typeof usd !== 'number' || !(usd >= 0))
            return { problem: `AI_PRICES: ${model}.perImage.${size} must be a number of US dollars` };
          sizes[size] = usd;
        }
        out.perImage = sizes;
      } else if (field === 'inputPerMTok' || field === 'outputPerMTok' || field === 'inputImagePerMTok') {
        if (typeof value !== 'number' || !(value >= 0))
          return { problem: `AI_PRICES: ${model}.${field} must be a number of US dollars` };
        out[field] = value;
      } else return { problem: `AI_PRICES: ${model} has an unknown field ${field}` };
    }
    table[model] = out;
  }
  return { table };
}
