import { createHash } from 'node:crypto';
import type { StyleChoice, StylePreset } from '@studio/events';
import sharp from 'sharp';
import type { ArtStyle } from '../ai/provider';

/**
 * The presets as a provider draws them (docs/product/creation-tools-qr.md (Screens and routes: Styles)): the words an
 * image model is given, and the palette and line the offline drawings use, so that the demo
 * shows the difference a style makes.
 */
export const PRESET_STYLES: Record<Exclude<StylePreset, 'none'>, ArtStyle> = {
  watercolour: {
    words:
      'a soft watercolour painting: translucent washes of colour, gentle bleeding edges, visible paper texture, light airy tones',
    palette: ['#9ecae1', '#fdd0a2', '#c7e9c0', '#fcbba1', '#dadaeb', '#fee391'],
    ink: '#6b7f93',
    stroke: 0.45,
    ground: '#fbf6ec',
    soft: true,
  },
  pencil: {
    words:
      'a hand-drawn graphite pencil sketch: fine lines and hatching, soft shading in greys on white paper, no colour',
    palette: ['#f4f4f4', '#e4e4e4', '#d6d6d6', '#cbcbcb'],
    ink: '#4a4a4a',
    stroke: 0.4,
    ground: '#ffffff',
  },
  'flat-vector': {
    words:
      'a flat vector illustration: clean geometric shapes, bold solid colours, thin or no outlines, no gradients, no texture',
    palette: ['#ff6b6b', '#feca57', '#48dbfb', '#1dd1a1', '#5f27cd', '#ff9ff3'],
    ink: '#222f3e',
    stroke: 0.3,
    ground: '#dff9fb',
  },
  clay: {
    words:
      'a claymation scene: soft rounded plasticine figures with a matte clay texture, warm studio lighting, shallow depth of field',
    palette: ['#e07a5f', '#f2cc8f', '#81b29a', '#f4a261', '#d4a373', '#e9c46a'],
    ink: '#6d4c41',
    stroke: 1.7,
    ground: '#f3e9dc',
  },
  comic: {
    words:
      'comic book art: bold black ink outlines, flat bright colours, halftone dot shading, a dynamic composition',
    palette: ['#ff1744', '#ffea00', '#2979ff', '#00e676', '#ff9100'],
    ink: '#000000',
    stroke: 2.2,
    ground: '#fff59d',
  },
};

const hex = (rgb: readonly number[]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
/** Half way to white: a background light enough for the outlines. */
const pale = (colour: string) =>
  hex([1, 3, 5].map((i) => (Number.parseInt(colour.slice(i, i + 2), 16) + 255) / 2));

/**
 * A saved style's colours: the reference picture's own (eight areas of it, averaged), or, without
 * one, colours seeded by the description, so the same style always draws alike.
 */
async function savedPalette(description: string, reference: Buffer | undefined): Promise<string[]> {
  if (reference) {
    const { data } = await sharp(reference)
      .removeAlpha()
      .resize(4, 2, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return Array.from({ length: data.length / 3 }, (_, i) => hex([...data.subarray(i * 3, i * 3 + 3)]));
  }
  const digest = createHash('sha256').update(description).digest();
  return Array.from({ length: 6 }, (_, i) =>
    hex(
      [digest[i * 3] ?? 0, digest[i * 3 + 1] ?? 0, digest[i * 3 + 2] ?? 0].map((c) => 90 + (c * 150) / 255),
    ),
  );
}

/** The style a job's request chose, ready for the provider; none for the tool's own look. */
export async function artStyleOf(
  choice: StyleChoice | undefined,
  readBlob: (blobId: string) => Promise<Buffer>,
): Promise<ArtStyle | undefined> {
  if (!choice) return undefined;
  if ('preset' in choice) return PRESET_STYLES[choice.preset];
  // A style deleted after the request takes its picture with it: its words and colours remain.
  const reference = choice.referenceBlobId
    ? await readBlob(choice.referenceBlobId).catch(() => undefined)
    : undefined;
  const palette = await savedPalette(choice.description, reference);
  return {
    words: `"${choice.name}": ${choice.description}`,
    palette,
    ink: '#2b2b2b',
    stroke: 1,
    ground: pale(palette[0] ?? '#ffffff'),
    ...(reference ? { reference } : {}),
  };
}

/** The image options' `artStyle`, present only when a style was chosen. */
export const styled = (artStyle: ArtStyle | undefined) => (artStyle ? { artStyle } : {});
