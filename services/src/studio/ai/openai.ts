import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { openAiWrite } from '../writing/openai-writer';
import { imageSizeFor } from './image-sizes';
import { fetchImageUrl, IMAGE_FETCH_LIMITS } from './image-url';
import { imageUsage, textUsage } from './openai-usage';
import type {
  AiProvider,
  ArtStyle,
  CharacterBrief,
  CharacterReference,
  ImageStyle,
  UsageReport,
} from './provider';
import {
  ProviderAccountError,
  ProviderBusyError,
  ProviderError,
  ProviderRefusedError,
  ProviderUnavailableError,
} from './provider';

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

/**
 * The words in front of a picture's prompt: an illustration in a chosen art style is asked for in
 * that style instead of the default look; line art stays line art whatever the style.
 */
function styleWords(style: ImageStyle, artStyle: ArtStyle | undefined): string {
  if (!artStyle || style === 'coloring') return STYLE_PROMPTS[style];
  const manner = artStyle.reference
    ? ' Follow the manner of the style reference picture, not its content.'
    : '';
  return `Art style: ${artStyle.words}.${manner} Suitable for all ages, no text.`;
}

const CHARACTER_SYSTEM =
  "You design the main character of a children's picture book. Describe only how the character looks, in one paragraph of at most 60 words: age, build, skin, hair, face, clothes and their colours, and one distinctive item. When a picture is given, describe the character in the picture exactly. No story, no text, no other characters.";
/** Longest description carried with every page prompt. */
const CHARACTER_MAX = 600;
/** The reference picture is sent with every page: a square of this many pixels. */
const REFERENCE_PX = 1024;

/**
 * The character picture as the Images API's edit takes it whatever the upload's shape: an opaque
 * square PNG (the size the page is asked at; some image models refuse any other input), the whole
 * picture kept and centred on white.
 */
const referencePng = (image: Buffer) =>
  sharp(image)
    .flatten({ background: '#ffffff' })
    .resize(REFERENCE_PX, REFERENCE_PX, { fit: 'contain', background: '#ffffff' })
    .removeAlpha()
    .png()
    .toBuffer();

/** The edit endpoint takes a PNG; an original kept as JPEG or WebP is converted on the way. */
const asPng = async (image: Buffer) =>
  image.subarray(1, 4).toString('latin1') === 'PNG' ? image : sharp(image).png().toBuffer();

/** The page prompt with the character reference in front of it, the same words on every page. */
const withCharacter = (prompt: string, character: CharacterReference | undefined) =>
  character
    ? `The main character, identical on every page${character.image ? ' and as in the reference picture' : ''}: ${character.description}\n\n${prompt}`
    : prompt;

/** `input_fidelity` keeps a reference's features; GPT image models take it, except the mini one. */
const takesInputFidelity = (model: string) => /^gpt-image-/.test(model) && !/mini/.test(model);

/**
 * Runs one provider call on its own child of the job's signal. The SDK adds an abort listener to
 * the signal it is given and never removes it, and a job's signal serves dozens of calls (every
 * chapter, 24 pictures): the child takes those listeners and is dropped when the call ends.
 */
async function scoped<T>(job: AbortSignal, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const child = new AbortController();
  const abort = () => child.abort(job.reason);
  if (job.aborted) abort();
  else job.addEventListener('abort', abort, { once: true });
  try {
    return await run(child.signal);
  } catch (error) {
    throw classified(error);
  } finally {
    job.removeEventListener('abort', abort);
  }
}

/** `retry-after-ms` (OpenAI's own) or `retry-after` in seconds; nothing usable is undefined. */
function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const seconds = Number(headers?.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/** The safety system's refusals: an image model's `moderation_blocked`, a `content_policy_violation`. */
const REFUSAL_CODES = new Set(['moderation_blocked', 'content_policy_violation', 'content_filter']);

/**
 * The SDK's errors as the gate (gated-provider.ts) retries them and the user is told them: a 429
 * is "busy" (except an exhausted quota), a 5xx or a lost connection is "unavailable"; a refused
 * prompt is a refusal (rephrase it); an exhausted quota, a refused key or an unknown model is the
 * account's (no retry helps, the operator must act); the rest (an abort) stays as it is.
 */
function classified(error: unknown): unknown {
  if (!(error instanceof OpenAI.APIError) || error instanceof OpenAI.APIUserAbortError) return error;
  const code = typeof error.code === 'string' ? error.code : '';
  if (error.status === 429 && code !== 'insufficient_quota')
    return new ProviderBusyError(error.message, retryAfterMs(error.headers));
  if (error.status === undefined || error.status >= 500) return new ProviderUnavailableError(error.message);
  if (
    code === 'insufficient_quota' ||
    error.status === 401 ||
    error.status === 403 ||
    code === 'model_not_found'
  )
    return new ProviderAccountError(error.message);
  if (REFUSAL_CODES.has(code) || /safety system|content policy/i.test(error.message))
    return new ProviderRefusedError(error.message);
  return error;
}

/** DALL·E models answer a link unless asked for the bytes; GPT image models always give the bytes. */
const answersWithLinks = (model: string) => /^dall-e/.test(model);

/** The `openai` provider: chat completions for text, the Images API for pictures and edits. */
export function createOpenAiProvider(options: OpenAiOptions): AiProvider {
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    timeout: options.timeoutMs ?? 5 * 60 * 1000,
    // Retries are the gate's (gated-provider.ts): it knows the other calls waiting and the rate.
    maxRetries: 0,
  });

  const trustedOrigin = new URL(options.baseURL ?? 'https://api.openai.com/v1').origin;
  /**
   * The picture of an Images API answer, as bytes whichever way it came (`b64_json`, or a link a
   * compatible server gives), with what the call used reported.
   */
  const firstImage = async (
    response: Promise<OpenAI.ImagesResponse>,
    call: 'image' | 'edit',
    request: { size: string; quality?: string },
    signal: AbortSignal,
    usage: UsageReport | undefined,
  ): Promise<Buffer> => {
    const answer = await response;
    usage?.(imageUsage(options.imageModel, call, request, answer));
    const first = answer.data?.[0];
    if (first?.b64_json) return Buffer.from(first.b64_json, 'base64');
    if (first?.url) {
      const bytes = await fetchImageUrl(first.url, signal, { ...IMAGE_FETCH_LIMITS, trustedOrigin });
      // Whatever format the link served, the generators take a PNG.
      return sharp(bytes, { limitInputPixels: 64_000_000 })
        .png()
        .toBuffer()
        .catch(() => {
          throw new ProviderError('The image behind the link is not a picture');
        });
    }
    throw new ProviderError('The image service returned no image');
  };
  const bytesAsked = answersWithLinks(options.imageModel) ? { response_format: 'b64_json' as const } : {};

  return {
    name: 'openai',
    text(prompt, { system, signal: job, maxTokens, usage }) {
      return scoped(job, async (signal) => {
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
        usage?.(textUsage(options.textModel, completion));
        const content = completion.choices[0]?.message?.content;
        if (!content) throw new ProviderError('The text service returned no text');
        return content;
      });
    },
    write(task, { signal: job, usage }) {
      return scoped(job, (signal) => {
        return openAiWrite(client, options.textModel, task, signal, usage);
      });
    },
    character(brief: CharacterBrief, { signal: job, usage }): Promise<CharacterReference> {
      return scoped(job, async (signal) => {
        const image = brief.image ? await referencePng(brief.image) : undefined;
        const about = `Name: ${brief.name}\nThe character is a ${brief.gender}.\nStory: ${brief.story}`;
        const completion = await client.chat.completions.create(
          {
            model: options.textModel,
            messages: [
              { role: 'system', content: CHARACTER_SYSTEM },
              {
                role: 'user',
                content: image
                  ? [
                      { type: 'text', text: `${about}\nThe picture shows the character.` },
                      {
                        type: 'image_url',
                        image_url: { url: `data:image/png;base64,${image.toString('base64')}` },
                      },
                    ]
                  : about,
              },
            ],
            max_tokens: 200,
          },
          { signal },
        );
        usage?.(textUsage(options.textModel, completion));
        const looks = completion.choices[0]?.message?.content?.replace(/\s+/g, ' ').trim();
        if (!looks) throw new ProviderError('The text service returned no character description');
        const description = `${brief.name}, a ${brief.gender}. ${looks}`.slice(0, CHARACTER_MAX);
        return { description, ...(image ? { image } : {}) };
      });
    },
    image(prompt, { style, signal: job, character, size: shape, usage, artStyle }) {
      return scoped(job, async (signal) => {
        const text = `${styleWords(style, artStyle)}\n\n${withCharacter(prompt, character)}`;
        // The model's own size nearest the frame's shape: a portrait page, a landscape picture.
        const size = imageSizeFor(options.imageModel, shape);
        // With the user's picture, every page is an edit of that same picture (the Images API's
        // reference input); otherwise a generation with the same description on every page.
        if (character?.image) {
          const image = await toFile(character.image, 'character.png', { type: 'image/png' });
          return firstImage(
            client.images.edit(
              {
                model: options.imageModel,
                image,
                prompt: text,
                size,
                n: 1,
                ...bytesAsked,
                ...(takesInputFidelity(options.imageModel) ? { input_fidelity: 'high' as const } : {}),
              },
              { signal },
            ),
            'edit',
            { size },
            signal,
            usage,
          );
        }
        // A saved style's reference picture: the new picture is drawn from it as an edit.
        if (artStyle?.reference && style !== 'coloring') {
          const image = await toFile(await referencePng(artStyle.reference), 'style.png', {
            type: 'image/png',
          });
          return firstImage(
            client.images.edit(
              { model: options.imageModel, image, prompt: text, size, n: 1, ...bytesAsked },
              { signal },
            ),
            'edit',
            { size },
            signal,
            usage,
          );
        }
        return firstImage(
          client.images.generate(
            { model: options.imageModel, prompt: text, size, n: 1, ...bytesAsked },
            { signal },
          ),
          'image',
          { size },
          signal,
          usage,
        );
      });
    },
    editImage(original, prompt, { signal: job, usage, artStyle }) {
      return scoped(job, async (signal) => {
        const image = await toFile(await asPng(original), 'image.png', { type: 'image/png' });
        const asked = artStyle ? `${prompt}\n\nRedraw the result as ${artStyle.words}.` : prompt;
        return firstImage(
          client.images.edit(
            { model: options.imageModel, image, prompt: asked, n: 1, ...bytesAsked },
            { signal },
          ),
          'edit',
          { size: '1024x1024' },
          signal,
          usage,
        );
      });
    },
  };
}
