import { createHash } from 'node:crypto';
import type { AiUsage } from '@studio/events';
import { offlineWrite } from '../writing/offline-writer';
import { demoEdit, rasterise, sceneSvg } from './drawing';
import type { AiProvider, UsageReport } from './provider';
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
    async character({ name, gender, image }, { signal, usage }) {
      await pause(signal);
      nothing(usage, 'text');
      return { description: `${name}, a ${gender}`, ...(image ? { image } : {}) };
    },
    // The drawings come from the prompt alone (the page prompt names the character already),
    // drawn as vectors at the size asked for: crisp at print size, never an enlarged raster.
    async image(prompt, { style, signal, size, usage }) {
      await pause(signal);
      nothing(usage, 'image', 1);
      return rasterise(sceneSvg(prompt, style, seededRandom(`${style}:${prompt}`), size), style, size);
    },
    async editImage(original, prompt, { signal, usage }) {
      await pause(signal);
      nothing(usage, 'edit', 1);
      try {
        return await demoEdit(original, prompt);
      } catch {
        // Not an image sharp can read: edit a drawing of the prompt instead of failing the edit.
        const random = seededRandom(`edit:${prompt}`);
        return demoEdit(await rasterise(sceneSvg(prompt, 'illustration', random), 'illustration'), prompt);
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

/** A seeded generator: the same prompt always draws the same picture. */
export function seededRandom(seedText: string): () => number {
  let seed = createHash('sha256').update(seedText).digest().readUInt32LE(0);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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
