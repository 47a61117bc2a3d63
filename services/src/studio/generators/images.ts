import type { Generator } from './generator';

const png = (role: string, data: Buffer) => ({ role, contentType: 'image/png', extension: 'png', data });

/** spec 02: a single coloring page (4 credits). */
export const coloringPage: Generator<'coloring-page'> = async (job, { ai, signal, progress }) => {
  const { prompt } = job.input;
  await progress(10, 'Drawing your coloring page');
  const image = await ai.image(prompt, { style: 'coloring', signal });
  return { title: prompt, files: [png('image', image)] };
};

/** spec 02: Image generator v2 (6 credits). */
export const imageV2: Generator<'image-v2'> = async (job, { ai, signal, progress }) => {
  const { prompt } = job.input;
  await progress(10, 'Generating your image');
  const image = await ai.image(prompt, { style: 'illustration', signal });
  return { title: prompt, files: [png('image', image)] };
};

/** spec 02: AI image editor (6 credits); the original is kept beside the edit. */
export const imageEdit: Generator<'image-edit'> = async (job, { ai, signal, progress, readBlob }) => {
  const { prompt, originalBlobId } = job.input;
  await progress(10, 'Editing your image');
  const original = await readBlob(originalBlobId);
  const edited = await ai.editImage(original, prompt, { signal });
  return { title: prompt, files: [png('edited', edited)], result: { originalBlobId } };
};
