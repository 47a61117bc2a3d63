/**
 * The picture sizes an image model takes, and the one to ask for a picture of a given shape: the
 * size whose aspect is nearest the shape's (a portrait page gets a portrait picture, a kids page's
 * landscape frame a landscape one), the larger one on a tie. The generator then fits the answer
 * to its frame by cropping the small difference, never by stretching it or adding bars.
 */
export interface PixelSize {
  width: number;
  height: number;
}

const size = (text: string): PixelSize => {
  const [width, height] = text.split('x').map(Number);
  return { width: width ?? 0, height: height ?? 0 };
};

/**
 * What the Images API takes per model family (its `size` values). A model we do not know is asked
 * for the square every one of them takes.
 */
const MODEL_SIZES: ReadonlyArray<{ model: RegExp; sizes: readonly string[] }> = [
  { model: /^gpt-image-/, sizes: ['1024x1024', '1024x1536', '1536x1024'] },
  { model: /^dall-e-3/, sizes: ['1024x1024', '1024x1792', '1792x1024'] },
  { model: /^dall-e-2/, sizes: ['256x256', '512x512', '1024x1024'] },
];
const ANY_MODEL = ['1024x1024'] as const;

/** Every size `model` takes, as the API writes them ("1024x1536"). */
export function modelSizes(model: string): readonly string[] {
  return MODEL_SIZES.find((entry) => entry.model.test(model))?.sizes ?? ANY_MODEL;
}

/** The size to ask `model` for a picture of `shape` (any unit: only its aspect counts). */
export function imageSizeFor(model: string, shape: PixelSize | undefined): string {
  const sizes = modelSizes(model);
  if (!shape || shape.width <= 0 || shape.height <= 0)
    return sizes.includes('1024x1024') ? '1024x1024' : (sizes[0] ?? '1024x1024');
  const wanted = Math.log(shape.width / shape.height);
  const ranked = [...sizes].sort((a, b) => {
    const [sa, sb] = [size(a), size(b)];
    const gap =
      Math.abs(Math.log(sa.width / sa.height) - wanted) - Math.abs(Math.log(sb.width / sb.height) - wanted);
    return Math.abs(gap) > 1e-9 ? gap : sb.width * sb.height - sa.width * sa.height;
  });
  return ranked[0] ?? '1024x1024';
}

/** "1024x1536" as numbers. */
export const parseImageSize = size;
