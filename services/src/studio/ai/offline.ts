import { createHash } from 'node:crypto';
import { offlineWrite } from '../writing/offline-writer';
import { demoEdit, rasterise, sceneSvg } from './drawing';
import type { AiProvider } from './provider';
import { ProviderError } from './provider';

/**
 * The offline provider: no network, deterministic for a prompt, quick, and every output is
 * labelled as an offline sample so nobody mistakes it for AI work. Pictures are vector
 * drawings (a motif for the prompt's subject, see motifs.ts) rasterised by sharp.
 */
export const OFFLINE_LABEL = 'OFFLINE SAMPLE';
const { floor } = Math;

export function createOfflineProvider(options: { delayMs?: number } = {}): AiProvider {
  const pause = (signal: AbortSignal) => wait(options.delayMs ?? 0, signal);
  return {
    name: 'offline',
    async text(prompt, { signal }) {
      await pause(signal);
      return offlineText(prompt);
    },
    async write(task, { signal }) {
      await pause(signal);
      return offlineWrite(task);
    },
    async character({ name, gender, image }, { signal }) {
      await pause(signal);
      return { description: `${name}, a ${gender}`, ...(image ? { image } : {}) };
    },
    // The drawings come from the prompt alone (the page prompt names the character already),
    // drawn as vectors at the size asked for: crisp at print size, never an enlarged raster.
    async image(prompt, { style, signal, size }) {
      await pause(signal);
      return rasterise(sceneSvg(prompt, style, seededRandom(`${style}:${prompt}`)), style, size);
    },
    async editImage(original, prompt, { signal }) {
      await pause(signal);
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

/** Deterministic filler text built from the prompt, marked as an offline sample. */
export function offlineText(prompt: string): string {
  const random = seededRandom(`text:${prompt}`);
  const topic = prompt.replace(/\s+/g, ' ').trim().slice(0, 120) || 'this topic';
  const openers = [
    `This is an offline sample about ${topic}.`,
    `Offline sample text: ${topic}.`,
    `[Offline sample] A short passage on ${topic}.`,
  ];
  const bodies = [
    'It explains the main ideas step by step, with practical examples a reader can follow.',
    'Each part builds on the one before, so that a beginner can keep up.',
    'It closes with a few questions to think about and a summary of the key points.',
    'Real content appears when an AI provider is configured for this studio.',
  ];
  const sentences = [openers[floor(random() * openers.length)]!];
  for (const body of bodies) if (random() > 0.2) sentences.push(body);
  return sentences.join(' ');
}
