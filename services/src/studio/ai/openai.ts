import OpenAI, { toFile } from 'openai';
import { openAiWrite } from '../writing/openai-writer';
import type { AiProvider, ImageStyle } from './provider';
import { ProviderError } from './provider';

export interface OpenAiOptions {
  apiKey: string;
  /** Any OpenAI-compatible server (OPENAI_BASE_URL). */
  baseURL?: string;
  textModel: string;
  imageModel: string;
  /** Per-request timeout; the worker's job timeout still applies on top. */
  timeoutMs?: number;
}

const STYLE_PROMPTS: Record<ImageStyle, string> = {
  coloring:
    'Black and white line art for a coloring book page: clean, thick, closed outlines, pure white background, no shading, no grey, no colour, no text.',
  illustration: 'A warm, detailed, colourful illustration suitable for all ages, no text.',
};

/** The `openai` provider: chat completions for text, the Images API for pictures and edits. */
export function createOpenAiProvider(options: OpenAiOptions): AiProvider {
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    timeout: options.timeoutMs ?? 5 * 60 * 1000,
    maxRetries: 2,
  });

  const firstImage = async (response: Promise<OpenAI.ImagesResponse>): Promise<Buffer> => {
    const { data } = await response;
    const b64 = data?.[0]?.b64_json;
    if (!b64) throw new ProviderError('The image service returned no image');
    return Buffer.from(b64, 'base64');
  };

  return {
    name: 'openai',
    async text(prompt, { system, signal, maxTokens }) {
      const completion = await client.chat.completions.create(
        {
          model: options.textModel,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: prompt },
          ],
          ...(maxTokens ? { max_tokens: maxTokens } : {}),
        },
        { signal },
      );
      const content = completion.choices[0]?.message?.content;
      if (!content) throw new ProviderError('The text service returned no text');
      return content;
    },
    write(task, { signal }) {
      return openAiWrite(client, options.textModel, task, signal);
    },
    image(prompt, { style, signal }) {
      return firstImage(
        client.images.generate(
          {
            model: options.imageModel,
            prompt: `${STYLE_PROMPTS[style]}\n\n${prompt}`,
            size: '1024x1024',
            n: 1,
          },
          { signal },
        ),
      );
    },
    async editImage(original, prompt, { signal }) {
      const image = await toFile(original, 'image.png', { type: 'image/png' });
      return firstImage(client.images.edit({ model: options.imageModel, image, prompt, n: 1 }, { signal }));
    },
  };
}
