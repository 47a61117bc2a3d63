import { DomainError } from './errors';
import type { CleanImage } from './uploads/image';

/** One thing a user asks us to make or publish: a text field, or a picture. */
export interface ModerationItem {
  /** How the user knows it: "the prompt", "the character photo". */
  label: string;
  text?: string;
  image?: { bytes: Buffer; contentType: string };
}

export type ModerationVerdict = { flagged: false } | { flagged: true; label: string };

/**
 * Checks what users send before any credit is spent or anything published. `openai` asks the
 * provider's moderation endpoint; `local` is the embedded default's small word list.
 */
export interface Moderator {
  readonly name: 'local' | 'openai';
  check(items: readonly ModerationItem[], signal?: AbortSignal): Promise<ModerationVerdict>;
}

/** The moderation service did not answer: the caller fails open or closed by its setting. */
export class ModerationUnavailableError extends Error {
  override name = 'ModerationUnavailableError';
}

/**
 * The embedded default's check, on this machine, without a network: a short list of words for
 * sexual content, sexual content involving children, and instructions to harm oneself or others,
 * matched as whole words in any case (pictures are not checked). It catches the obvious only; a
 * real deployment uses the provider's moderation (AI_PROVIDER=openai). The README says so.
 */
const LOCAL_TERMS = [
  'porn',
  'porno',
  'pornographic',
  'nude',
  'nudes',
  'naked',
  'nsfw',
  'hentai',
  'sex',
  'sexual',
  'sexy',
  'erotic',
  'genitals',
  'rape',
  'molest',
  'pedophile',
  'paedophile',
  'loli',
  'beheading',
  'behead',
  'dismembered',
  'gore',
  'suicide',
  'self-harm',
  'kill yourself',
  'bomb-making',
  'make a bomb',
];
const LOCAL_PATTERN = new RegExp(
  `(^|[^\\p{L}\\p{N}])(${LOCAL_TERMS.map((t) => t.replace(/[-\s]/g, '[-\\s]?')).join('|')})(?=$|[^\\p{L}\\p{N}])`,
  'iu',
);

export function createLocalModerator(): Moderator {
  return {
    name: 'local',
    async check(items) {
      for (const item of items)
        if (item.text && LOCAL_PATTERN.test(item.text.normalize('NFKC')))
          return { flagged: true, label: item.label };
      return { flagged: false };
    },
  };
}

/**
 * The provider's moderation endpoint (`omni-moderation-latest` takes texts and pictures), one
 * request per item so that a refusal names what was refused. Any failure to get an answer is
 * ModerationUnavailableError.
 */
export function createOpenAiModerator(options: {
  apiKey: string;
  baseURL?: string;
  model?: string;
  timeoutMs?: number;
}): Moderator {
  const endpoint = `${(options.baseURL ?? 'https://api.openai.com/v1').replace(/\/$/, '')}/moderations`;
  const model = options.model ?? 'omni-moderation-latest';
  const ask = async (input: unknown, signal?: AbortSignal): Promise<boolean> => {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 15_000);
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({ model, input }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw new ModerationUnavailableError(
        `The moderation service did not answer (${(error as Error).message})`,
      );
    }
    if (!response.ok)
      throw new ModerationUnavailableError(`The moderation service answered ${response.status}`);
    const body = (await response.json().catch(() => undefined)) as
      | { results?: Array<{ flagged?: unknown }> }
      | undefined;
    if (!Array.isArray(body?.results) || body.results.length === 0)
      throw new ModerationUnavailableError('The moderation service answered without results');
    return body.results.some((result) => result.flagged === true);
  };
  return {
    name: 'openai',
    async check(items, signal) {
      const verdicts = await Promise.all(
        items.map(async (item) => {
          const input = [
            ...(item.text ? [{ type: 'text', text: item.text }] : []),
            ...(item.image
              ? [
                  {
                    type: 'image_url',
                    image_url: {
                      url: `data:${item.image.contentType};base64,${item.image.bytes.toString('base64')}`,
                    },
                  },
                ]
              : []),
          ];
          return input.length > 0 && (await ask(input, signal)) ? item.label : undefined;
        }),
      );
      const refused = verdicts.find((label) => label !== undefined);
      return refused ? { flagged: true, label: refused } : { flagged: false };
    },
  };
}

/**
 * The gate of a request: refused content is a 422 naming what was refused (no category: the
 * user needs to know what to change, not how the classifier scored it); a moderation service that
 * does not answer lets the request through (`open`) or refuses it for now (`closed`, a 503).
 */
export async function requireAcceptable(
  moderator: Moderator,
  items: readonly ModerationItem[],
  outage: 'open' | 'closed',
): Promise<void> {
  let verdict: ModerationVerdict;
  try {
    verdict = await moderator.check(items);
  } catch (error) {
    if (!(error instanceof ModerationUnavailableError)) throw error;
    if (outage === 'open') return;
    throw new DomainError(
      'UNAVAILABLE',
      'The content check is unavailable right now. Please try again in a minute; nothing was charged.',
    );
  }
  if (verdict.flagged)
    throw new DomainError(
      'CONTENT_REFUSED',
      `The content check refused ${verdict.label}. Please change it and try again; nothing was charged.`,
      { field: verdict.label },
    );
}

/** Fields that name something rather than say it (an id, an owner), never read as content. */
const NOT_CONTENT = new Set(['userId', 'User', 'generationId', 'outlineId']);

/** `storyDescription` → "the story description", `landingPage.buttonText` → "the landing page button text". */
const label = (path: string) =>
  `the ${path
    .replace(/\[\d+\]/g, '')
    .split('.')
    .map((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase())
    .join(' ')}`;

/**
 * What a request asks us to make, for the content check: every text it carries (a prompt, a
 * title, a story, a keyword list), each named as its form names it, and the pictures it uploaded.
 * Data URLs are pictures, not texts: they come as the cleaned upload instead.
 */
export function moderationItems(
  body: unknown,
  pictures: Array<{ field: string; image: CleanImage }> = [],
): ModerationItem[] {
  const items: ModerationItem[] = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      const text = value.trim();
      if (text && !text.startsWith('data:')) items.push({ label: label(path), text });
    } else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${path}[${i}]`);
    } else if (typeof value === 'object' && value !== null)
      for (const [key, v] of Object.entries(value))
        if (!NOT_CONTENT.has(key)) walk(v, path ? `${path}.${key}` : key);
  };
  walk(body, '');
  for (const { field, image } of pictures)
    items.push({ label: label(field), image: { bytes: image.bytes, contentType: image.contentType } });
  return items;
}
