import type { AiUsage } from '@studio/events';
import sharp from 'sharp';
import { offlineWrite } from '../writing/offline-writer';
import { seededRandom } from '../writing/seeded-random';
import { demoEdit, rasterise, sceneSvg } from './drawing';
import type { AiProvider, CharacterLook, UsageReport } from './provider';
import { ProviderError } from './provider';

/**
 * The offline provider: no network, deterministic for a prompt, quick, and every output is
 * labelled as an offline sample so nobody mistakes it for AI work. Pictures are vector
 * drawings (a motif for the prompt's subject, see motifs.ts) rasterised by sharp.
 */
export const OFFLINE_LABEL = 'OFFLINE SAMPLE';

export function createOfflineProvider(options: { delayMs?: number } = {}): AiProvider {
  const pause = (signal: AbortSignal) => wait(options.delayMs ?? 0, signal);
  /** Every call reports its use like a paid one, with nothing used: the admin's view says so. */
  const nothing = (usage: UsageReport | undefined, call: AiUsage['call'], images = 0) =>
    usage?.({ model: 'offline', call, inputTokens: 0, outputTokens: 0, images });
  return {
    name: 'offline',
    async text(prompt, { signal, usage }) {
      await pause(signal);
      nothing(usage, 'text');
      return offlineText(prompt);
    },
    async write(task, { signal, usage }) {
      await pause(signal);
      nothing(usage, 'text');
      return offlineWrite(task);
    },
    // One drawn child for the whole book: colours from the photo when there is one, else from
    // the name; the hair from the brief. The photo itself is never drawn.
    async character({ name, gender, image }, { signal, usage }) {
      await pause(signal);
      nothing(usage, 'text');
      return {
        description: `${name}, a ${gender}`,
        look: await childLook(name, gender, image),
        ...(image ? { image } : {}),
      };
    },
    // The drawings come from the prompt and, on a kids page, the character's look, drawn as
    // vectors at the size asked for: crisp at print size, never an enlarged raster.
    // An art style keeps the composition (the same seed) and changes its colours and line.
    async image(prompt, { style, signal, size, character, usage, artStyle }) {
      await pause(signal);
      nothing(usage, 'image', 1);
      const random = seededRandom(`${style}:${prompt}`);
      return rasterise(sceneSvg(prompt, style, random, size, character?.look, artStyle), style, size);
    },
    async editImage(original, prompt, { signal, usage, artStyle }) {
      await pause(signal);
      nothing(usage, 'edit', 1);
      try {
        return await demoEdit(original, prompt, artStyle);
      } catch {
        // Not an image sharp can read: edit a drawing of the prompt instead of failing the edit.
        const random = seededRandom(`edit:${prompt}`);
        return demoEdit(
          await rasterise(sceneSvg(prompt, 'illustration', random), 'illustration'),
          prompt,
          artStyle,
        );
      }
    },
  };
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new ProviderError('aborted'));
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new ProviderError('aborted'));
    });
  });
}

/**
 * Offline text for a prompt (a listing's description): the request's own words, without the
 * labels of its fields ("Book title: …", "About the book: …"), cut at a sentence (or a word, with
 * an ellipsis) and never with a doubled stop, then the offline label. Nothing is invented.
 */
export function offlineText(prompt: string): string {
  const fields = prompt
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*[A-Z][a-z]+(?: [a-z]+){0,3}:\s*/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  const [title, ...about] = fields.length > 1 ? fields : ['', ...fields];
  const summary = endSentence(cutAtSentence(about.join(' ') || 'this topic', 600));
  return [
    title ? `${endSentence(title)} ${summary}` : summary,
    `${OFFLINE_LABEL}: this description repeats the request on this machine, without an AI model.`,
  ].join('\n\n');
}

/** At most `max` characters, ending at a sentence where one ends past half of it, else at a word. */
function cutAtSentence(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const stop = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '));
  if (stop > max / 2) return head.slice(0, stop + 1);
  return `${head.slice(0, head.lastIndexOf(' ')).replace(/[\s,;:]+$/, '')}…`;
}

/** One final stop: "Bees" → "Bees.", "Bees." and "Bees…" stay. */
const endSentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text.replace(/[\s,;:]+$/, '')}.`);

const SKINS = ['#f6d3b3', '#e8b48f', '#c98e62', '#a86b43', '#7a4a2c'];
const HAIRS = ['#2b1d14', '#5a3820', '#8a5a2b', '#c9923e', '#e3c16f', '#a33a1c'];
const OUTFITS = ['#e76f51', '#2a9d8f', '#e9c46a', '#457b9d', '#9d4edd', '#f4a261'];
const hex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The offline character's look: with a photo, the skin is the mean colour of its middle (where the
 * face usually is) and the hair that of its top centre; otherwise both come from the name. The
 * hair's style follows the brief (a girl's long or in bunches, a boy's short or curly).
 */
async function childLook(name: string, gender: string, photo: Buffer | undefined): Promise<CharacterLook> {
  const random = seededRandom(`character:${name}:${gender}`);
  const pickOf = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const look: CharacterLook = {
    skin: pickOf(SKINS),
    hair: pickOf(HAIRS),
    hairStyle: gender === 'girl' ? pickOf(['long', 'bunches'] as const) : pickOf(['short', 'curly'] as const),
    outfit: pickOf(OUTFITS),
  };
  if (!photo) return look;
  const mean = async (left: number, top: number, w: number, h: number) => {
    const { data } = await sharp(photo)
      .removeAlpha()
      .resize(20, 20, { fit: 'fill' })
      .extract({ left, top, width: w, height: h })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const sum = [0, 0, 0];
    for (let i = 0; i < data.length; i += 3)
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] as number) + (data[i + c] as number);
    return hex(sum.map((v) => v / (data.length / 3)));
  };
  try {
    return { ...look, skin: await mean(7, 6, 6, 6), hair: await mean(7, 0, 6, 3) };
  } catch {
    return look;
  }
}
