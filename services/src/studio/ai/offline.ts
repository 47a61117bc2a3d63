import { createHash } from 'node:crypto';
import { offlineWrite } from '../writing/offline-writer';
import type { AiProvider, ImageStyle } from './provider';
import { ProviderError } from './provider';
import { BLACK, Raster, type Rgb, WHITE } from './raster';

/**
 * The offline provider: no network, deterministic for a prompt, quick, and every output is
 * labelled as an offline sample so nobody mistakes it for AI work.
 */
export const OFFLINE_LABEL = 'OFFLINE SAMPLE';
const SIZE = 1024;
const { cos, floor, sin } = Math;

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
    async image(prompt, { style, signal }) {
      await pause(signal);
      return drawScene(prompt, style).toPng();
    },
    async editImage(original, prompt, { signal }) {
      await pause(signal);
      let raster: Raster;
      try {
        raster = Raster.fromPng(original);
      } catch {
        // Not a PNG we can decode: start from a drawing of the prompt instead of failing the edit.
        raster = drawScene(prompt, 'illustration');
      }
      return editRaster(raster, prompt).toPng();
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

const PASTELS: Rgb[] = [
  [255, 214, 165],
  [253, 255, 182],
  [202, 255, 191],
  [155, 246, 255],
  [160, 196, 255],
  [189, 178, 255],
  [255, 198, 255],
  [255, 173, 173],
];

/** A mandala-like scene: a frame, rings of petals and scattered stars, all as thick outlines. */
function drawScene(prompt: string, style: ImageStyle): Raster {
  const random = seededRandom(`${style}:${prompt}`);
  const raster = new Raster(SIZE, SIZE, WHITE);
  const fill = style === 'illustration';
  const pick = () => PASTELS[floor(random() * PASTELS.length)] ?? PASTELS[0]!;
  const center = SIZE / 2;
  const sceneCenterY = center - 40;

  raster.fillRect(24, 24, SIZE - 48, 8, BLACK);
  raster.fillRect(24, SIZE - 32, SIZE - 48, 8, BLACK);
  raster.fillRect(24, 24, 8, SIZE - 48, BLACK);
  raster.fillRect(SIZE - 32, 24, 8, SIZE - 48, BLACK);

  for (let i = 0; i < 7; i++) {
    const x = 90 + random() * (SIZE - 180);
    const y = 90 + random() * (SIZE - 300);
    const r = 18 + random() * 26;
    if (fill) raster.fillEllipse(x, y, r, r, pick());
    raster.strokeEllipse(x, y, r, r, 5);
  }

  const rings = 2 + floor(random() * 2);
  for (let ring = rings; ring >= 1; ring--) {
    const petals = 6 + floor(random() * 6);
    const distance = 80 * ring;
    const length = 55 + random() * 25;
    const width = 22 + random() * 12;
    const color = pick();
    for (let p = 0; p < petals; p++) {
      const angle = (p / petals) * Math.PI * 2 + ring * 0.3;
      const x = center + cos(angle) * distance;
      const y = sceneCenterY + sin(angle) * distance;
      if (fill) raster.fillEllipse(x, y, length, width, color, angle);
      raster.strokeEllipse(x, y, length, width, 6, BLACK, angle);
    }
  }
  if (fill) raster.fillEllipse(center, sceneCenterY, 60, 60, pick());
  raster.strokeEllipse(center, sceneCenterY, 60, 60, 7);
  raster.strokeEllipse(center, sceneCenterY, 28, 28, 6);

  label(raster, prompt);
  return raster;
}

function editRaster(raster: Raster, prompt: string): Raster {
  const random = seededRandom(`edit:${prompt}`);
  const tint = PASTELS[floor(random() * PASTELS.length)] ?? PASTELS[0]!;
  // Blend every pixel toward the tint: a visible, deterministic "edit".
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      const [r, g, b] = raster.get(x, y);
      raster.set(x, y, [(r + tint[0]) >> 1, (g + tint[1]) >> 1, (b + tint[2]) >> 1]);
    }
  }
  const border = Math.max(4, Math.round(raster.width / 100));
  raster.fillRect(0, 0, raster.width, border, BLACK);
  raster.fillRect(0, raster.height - border, raster.width, border, BLACK);
  label(raster, `EDITED: ${prompt}`);
  return raster;
}

/** The offline label and the first words of the prompt across the bottom, inside the frame. */
function label(raster: Raster, prompt: string): void {
  const scale = Math.max(2, Math.round(raster.width / 170));
  const margin = Math.round(raster.width / 24);
  const band = Raster.textHeight(scale) * 2 + scale * 8;
  const top = raster.height - band - margin;
  raster.fillRect(margin, top, raster.width - 2 * margin, band, WHITE);
  const title = OFFLINE_LABEL;
  raster.text(Math.round((raster.width - Raster.textWidth(title, scale)) / 2), top + scale * 2, title, scale);
  const maxChars = Math.floor((raster.width - 3 * margin) / Raster.textWidth('W', scale));
  const words = prompt.replace(/\s+/g, ' ').trim().toUpperCase().split(' ');
  let caption = '';
  for (const word of words) {
    const next = caption ? `${caption} ${word}` : word;
    if (next.length > maxChars) break;
    caption = next;
  }
  if (!caption) caption = (words[0] ?? '').slice(0, maxChars);
  raster.text(
    Math.round((raster.width - Raster.textWidth(caption, scale)) / 2),
    top + Raster.textHeight(scale) + scale * 5,
    caption,
    scale,
  );
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
