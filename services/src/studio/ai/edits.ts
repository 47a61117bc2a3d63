import sharp from 'sharp';

/**
 * The offline editor's effects: the edits a prompt asks for in words ("vintage sepia with a
 * vignette", "make it black and white", "blur the background", "brighter", "white background"),
 * each applied with sharp, in the order below. A prompt naming none gets a gentle enhancement
 * (levels stretched, colours a little livelier), so the edit is never a no-op.
 */
export type Effect =
  | 'sepia'
  | 'grayscale'
  | 'blur'
  | 'blur-background'
  | 'brighten'
  | 'darken'
  | 'warm'
  | 'cool'
  | 'saturate'
  | 'vignette'
  | { background: string };

const COLOURS: Record<string, string> = {
  white: '#ffffff',
  black: '#000000',
  blue: '#4a90d9',
  'sky blue': '#87ceeb',
  green: '#4caf50',
  red: '#d64545',
  pink: '#f4a6c6',
  yellow: '#f5d547',
  orange: '#f39c45',
  purple: '#8e5ec9',
  grey: '#9e9e9e',
  gray: '#9e9e9e',
  beige: '#e8dcc0',
};

/** The effects a prompt names, in a fixed order (colour, then light, then focus, then frame). */
export function effectsIn(prompt: string): Effect[] {
  const p = prompt.toLowerCase();
  const effects: Effect[] = [];
  const background = /background/.test(p);
  const colour = Object.keys(COLOURS)
    .sort((a, b) => b.length - a.length)
    .find((name) => new RegExp(`\\b${name}\\b`).test(p));
  if (background && colour && !/blur/.test(p)) effects.push({ background: COLOURS[colour] as string });
  if (/\b(sepia|vintage|antique|old[- ]fashioned|retro)\b/.test(p)) effects.push('sepia');
  else if (/\b(gr[ae]y\s?scale|black and white|black & white|b&w|monochrome)\b/.test(p))
    effects.push('grayscale');
  if (/\b(warm|warmer|golden|sunset)\b/.test(p)) effects.push('warm');
  if (/\b(cool|cooler|cold|icy)\b/.test(p)) effects.push('cool');
  if (/\b(vivid|saturat\w*|vibrant|colou?rful|pop)\b/.test(p)) effects.push('saturate');
  if (/\b(bright\w*|lighten|lighter)\b/.test(p)) effects.push('brighten');
  if (/\b(dark\w*|moody|dim)\b/.test(p)) effects.push('darken');
  if (/\bblur\w*\b/.test(p) || /\b(soft focus|bokeh)\b/.test(p))
    effects.push(background || /bokeh/.test(p) ? 'blur-background' : 'blur');
  if (/\bvignette\b/.test(p)) effects.push('vignette');
  return effects;
}

const SEPIA = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
] as [[number, number, number], [number, number, number], [number, number, number]];

/** An upright, opaque RGB copy of the picture. */
const rgb = (image: Buffer) =>
  sharp(image, { limitInputPixels: 40_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .png()
    .toBuffer();

/** One colour over the picture, its opacity `inside` over the middle ellipse fading to `outside` at the edges. */
const centreMask = (width: number, height: number, colour: string, inside: number, outside: number) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><radialGradient id="g" cx="50%" cy="50%" r="60%"><stop offset="50%" stop-color="${colour}" stop-opacity="${inside}"/><stop offset="100%" stop-color="${colour}" stop-opacity="${outside}"/></radialGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/></svg>`);

async function apply(image: Buffer, effect: Effect): Promise<Buffer> {
  const { width = 1, height = 1 } = await sharp(image).metadata();
  const blurRadius = Math.max(2, Math.round(Math.min(width, height) / 120));
  if (typeof effect === 'object') {
    // The background is what matches the picture's border colour; it takes the colour asked for.
    const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    const border: number[][] = [];
    for (let x = 0; x < info.width; x += 4) border.push([0, x], [info.height - 1, x]);
    for (let y = 0; y < info.height; y += 4) border.push([y, 0], [y, info.width - 1]);
    const mean = [0, 1, 2].map(
      (c) =>
        border.reduce((sum, [y = 0, x = 0]) => sum + (data[(y * info.width + x) * 3 + c] ?? 0), 0) /
        border.length,
    );
    const target = Buffer.from(effect.background.slice(1), 'hex');
    // Read once, not per pixel: a global's lookup is slow where the code runs in a `vm` context.
    const { hypot } = Math;
    for (let i = 0; i < data.length; i += 3) {
      const distance = hypot(
        (data[i] ?? 0) - (mean[0] ?? 0),
        (data[i + 1] ?? 0) - (mean[1] ?? 0),
        (data[i + 2] ?? 0) - (mean[2] ?? 0),
      );
      if (distance < 60) target.copy(data, i, 0, 3);
    }
    return sharp(data, { raw: info }).png().toBuffer();
  }
  switch (effect) {
    case 'sepia':
      return sharp(image).recomb(SEPIA).png().toBuffer();
    case 'grayscale':
      return sharp(image).greyscale().toColourspace('srgb').png().toBuffer();
    case 'warm':
      return sharp(image).linear([1.12, 1.03, 0.85], [8, 4, -8]).png().toBuffer();
    case 'cool':
      return sharp(image).linear([0.88, 1.0, 1.12], [-8, 0, 10]).png().toBuffer();
    case 'saturate':
      return sharp(image).modulate({ saturation: 1.45 }).png().toBuffer();
    case 'brighten':
      return sharp(image).modulate({ brightness: 1.25 }).png().toBuffer();
    case 'darken':
      return sharp(image).modulate({ brightness: 0.75 }).png().toBuffer();
    case 'blur':
      return sharp(image).blur(blurRadius).png().toBuffer();
    case 'blur-background': {
      // The blurred picture, with the sharp original showing through an ellipse in the middle.
      const middle = await sharp(image)
        .ensureAlpha()
        .composite([{ input: centreMask(width, height, '#ffffff', 1, 0), blend: 'dest-in' }])
        .png()
        .toBuffer();
      return sharp(image)
        .blur(blurRadius * 2)
        .composite([{ input: middle }])
        .png()
        .toBuffer();
    }
    case 'vignette':
      return sharp(image)
        .composite([{ input: centreMask(width, height, '#000000', 0, 0.65) }])
        .png()
        .toBuffer();
  }
}

/** The picture with the prompt's effects applied (or the gentle enhancement); same size, opaque PNG. */
export async function applyEffects(original: Buffer, prompt: string): Promise<Buffer> {
  let image = await rgb(original);
  const effects = effectsIn(prompt);
  if (effects.length === 0) return sharp(image).normalise().modulate({ saturation: 1.15 }).png().toBuffer();
  for (const effect of effects) image = await rgb(await apply(image, effect));
  return image;
}
