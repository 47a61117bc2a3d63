import { pageDemoLabel } from '../ai/drawing';
import { traceLineArt } from '../outputs/line-art';
import { coloringPagePng, FRAMES, printPixels } from '../outputs/pictures';
import { artStyleOf, styled } from '../styles/art-style';
import type { Generator } from './generator';
import { densePng } from './print';

const png = (role: string, data: Buffer) => ({ role, contentType: 'image/png', extension: 'png', data });

/**
 * A single coloring page (4 credits). Printed on its own, so it is a full 8.5 × 11 in page at
 * 300 DPI (2550 × 3300), pure black and white: the picture is asked for in the page's portrait
 * frame, traced into vector line art (kept beside it as SVG) and drawn from the vectors.
 */
export const coloringPage: Generator<'coloring-page'> = async (job, { ai, signal, progress }) => {
  const { prompt } = job.input;
  await progress(10, 'Drawing your coloring page');
  const picture = await ai.image(prompt, { style: 'coloring', signal, size: printPixels(FRAMES.coloring) });
  await progress(70, 'Tracing the lines for print');
  const art = await traceLineArt(picture, FRAMES.coloring);
  // Offline, the page says what it is in its margin: the art itself carries no words.
  const label = ai.name === 'offline' ? pageDemoLabel(2550, 3300) : undefined;
  return {
    title: prompt,
    files: [
      png('image', await coloringPagePng(art, label)),
      { role: 'image-svg', contentType: 'image/svg+xml', extension: 'svg', data: art.svg },
    ],
  };
};

/**
 * Image generator v2 (6 credits). A picture for screens and covers-in-progress, kept
 * at the model's own size (1024 × 1024; 3.4 in square at the 300 DPI recorded in it).
 */
export const imageV2: Generator<'image-v2'> = async (job, { ai, signal, progress, readBlob }) => {
  const { prompt } = job.input;
  await progress(10, 'Generating your image');
  const artStyle = await artStyleOf(job.input.style, readBlob);
  const image = await ai.image(prompt, { style: 'illustration', signal, ...styled(artStyle) });
  return { title: prompt, files: [png('image', await densePng(image))] };
};

/** AI image editor (6 credits); the original is kept beside the edit, both PNG. */
export const imageEdit: Generator<'image-edit'> = async (job, { ai, signal, progress, readBlob }) => {
  const { prompt, originalBlobId } = job.input;
  await progress(10, 'Editing your image');
  const original = await readBlob(originalBlobId);
  const artStyle = await artStyleOf(job.input.style, readBlob);
  const edited = await ai.editImage(original, prompt, { signal, ...styled(artStyle) });
  return { title: prompt, files: [png('edited', await densePng(edited))], result: { originalBlobId } };
};
