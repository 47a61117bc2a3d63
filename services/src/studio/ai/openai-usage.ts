import type { AiUsage } from '@studio/events';

type Usage = Omit<AiUsage, 'costUsd'>;

/** A chat completion's usage as OpenAI bills it (prompt and completion tokens). */
export function textUsage(
  model: string,
  completion: { usage?: { prompt_tokens?: number; completion_tokens?: number } | null },
): Usage {
  return {
    model,
    call: 'text',
    inputTokens: completion.usage?.prompt_tokens ?? 0,
    outputTokens: completion.usage?.completion_tokens ?? 0,
    images: 0,
  };
}

/**
 * Output tokens of one GPT image model picture by quality and size, as OpenAI's pricing page
 * lists them: the estimate when a compatible server answers without `usage` (quality `auto` is
 * counted as high, the most it can cost).
 */
const IMAGE_OUTPUT_TOKENS: Record<string, Record<string, number>> = {
  low: { '1024x1024': 272, '1024x1536': 408, '1536x1024': 400 },
  medium: { '1024x1024': 1056, '1024x1536': 1584, '1536x1024': 1568 },
  high: { '1024x1024': 4160, '1024x1536': 6240, '1536x1024': 6208 },
};

/** An Images API answer's usage: GPT image models bill tokens, DALL·E models bill pictures. */
export function imageUsage(
  model: string,
  call: 'image' | 'edit',
  request: { size: string; quality?: string },
  response: {
    data?: unknown[] | null;
    usage?: {
      input_tokens?: number;
      output_tokens?: number;
      input_tokens_details?: { image_tokens?: number } | null;
    } | null;
  },
): Usage {
  const images = response.data?.length ?? 0;
  const tokenPriced = /^gpt-image-/.test(model);
  const estimated =
    tokenPriced && !response.usage
      ? (IMAGE_OUTPUT_TOKENS[
          request.quality === 'low' || request.quality === 'medium' ? request.quality : 'high'
        ]?.[request.size] ?? 0) * images
      : 0;
  return {
    model,
    call,
    inputTokens: response.usage?.input_tokens ?? 0,
    outputTokens: response.usage?.output_tokens ?? estimated,
    ...(response.usage?.input_tokens_details?.image_tokens
      ? { inputImageTokens: response.usage.input_tokens_details.image_tokens }
      : {}),
    images,
    size: request.size,
    ...(request.quality ? { quality: request.quality } : {}),
  };
}
