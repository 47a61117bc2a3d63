import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { DeclaredSource } from '../preflight/enlargement';
import { MIN_REAL_PPI, PRINT_PPI } from './kdp';
import { colouredLineArt, type LineArt } from './line-art';
import { croppedSource, type Frame, placePicture, realPpi } from './pictures';

/**
 * A front cover's art and how it is laid out with the words over it. The art is the book's own
 * (a picture drawn for the cover, or for a coloring book its first design coloured in) and is kept
 * with the book, so a rename keeps it; so are the colours, which come from the art (or, without
 * art, from the book's id), never from the title.
 *
 * Two layouts. **Full**: the picture covers the whole front with its bleed when its source pixels
 * hold at least MIN_REAL_PPI there (a 1024 × 1536 model picture on a 6 × 9 front: 167 ppi; the
 * offline drawings: 300); the title and the author are set over it, each band darkened or lightened
 * under them (a scrim painted into the picture, no transparency in the PDF) until the text's
 * contrast with the lightest (or darkest) twentieth of the pixels behind it is at least 4.5:1.
 * **Panel**: otherwise the picture is drawn smaller, as large as keeps MIN_REAL_PPI, between the
 * title and the author on the cover's colour (a 1024 px square on an 8.5 in kids front: 6.8 in).
 */
export type CoverArt =
  /** A provider's picture, any size. */
  | { kind: 'picture'; source: Buffer }
  /** A coloring book's design, coloured in on the cover. */
  | { kind: 'line-art'; art: LineArt };

export interface Palette {
  /** The cover's colour (back, spine, and the front around a panel). */
  background: string;
  /** A second colour for small touches (the subtitle, rules). */
  accent: string;
  /** Text on the background, at least 4.5:1 against it. */
  ink: string;
}

/** Where the words sit on a front, in inches from its edges (its frame). */
export interface FrontBands {
  /** Horizontal insets of the text from the frame's left and right edges. */
  left: number;
  right: number;
  titleTop: number;
  titleHeight: number;
  authorBottom: number;
  authorHeight: number;
}

/** A front ready to typeset: the picture file, where it goes, and the words' colours. */
export interface FrontDesign {
  layout: 'full' | 'panel';
  /** Where the words go: a panel's title band is narrower, leaving the picture more room. */
  bands: FrontBands;
  /** A PNG (a picture) or an SVG (coloured line art). */
  file: { name: 'front.png' | 'front.svg'; data: Buffer };
  /** Panel layout: the picture's size and its top, inches. */
  panel?: { width: number; height: number; top: number };
  titleInk: string;
  subtitleInk: string;
  authorInk: string;
  /** What the picture was resampled from, for the preflight (a PNG only). */
  source?: DeclaredSource;
}

/** WCAG's contrast ratio from two relative luminances. */
export const contrastRatio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
/** Least contrast of a cover's words with what is behind them (WCAG AA for text). */
export const MIN_TEXT_CONTRAST = 4.5;

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
/** Relative luminance of an sRGB colour (0…255 channels). */
export const luminance = (r: number, g: number, b: number) =>
  0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
const hexLuminance = (hex: string) =>
  luminance(
    Number.parseInt(hex.slice(1, 3), 16),
    Number.parseInt(hex.slice(3, 5), 16),
    Number.parseInt(hex.slice(5, 7), 16),
  );

/** HSL to #rrggbb. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Hue (degrees) and saturation of an sRGB colour. */
function hueOf(r: number, g: number, b: number): { hue: number; saturation: number } {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const d = max - min;
  if (d === 0) return { hue: 0, saturation: 0 };
  const l = (max + min) / 2;
  const saturation = d / (1 - Math.abs(2 * l - 1));
  const hue = max === R ? ((G - B) / d) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return { hue: (hue * 60 + 360) % 360, saturation };
}

export const WHITE = '#ffffff';
export const DARK = '#1c1c1c';

/** The darkest lightness of `hue` that keeps white text at 7:1 at least (so always above 4.5). */
function darkBackground(hue: number, saturation: number): string {
  for (let l = 0.3; l > 0.05; l -= 0.02) {
    const colour = hsl(hue, saturation, l);
    if (contrastRatio(1, hexLuminance(colour)) >= 7) return colour;
  }
  return hsl(hue, saturation, 0.08);
}

/**
 * The cover's colours: from the art's dominant colour (a deep shade for the background and a
 * pale one for accents), a coloring book's a pale tint with dark text; without art, from the
 * book's id. Never from the title: renaming a book keeps its colours.
 */
export async function paletteOf(art: CoverArt | undefined, seed: string): Promise<Palette> {
  let hue: number;
  let saturation: number;
  if (art?.kind === 'picture') {
    const dominant = await dominantColour(art.source);
    ({ hue, saturation } = hueOf(dominant.r, dominant.g, dominant.b));
    saturation = Math.min(0.6, Math.max(0.25, saturation));
  } else {
    const h = createHash('sha256').update(seed).digest();
    hue = ((h[0] ?? 0) * 360) / 256;
    saturation = 0.45;
  }
  if (art?.kind === 'line-art')
    return { background: hsl(hue, 0.6, 0.8), accent: hsl(hue, 0.55, 0.25), ink: DARK };
  return { background: darkBackground(hue, saturation), accent: hsl(hue, 0.55, 0.84), ink: WHITE };
}

/**
 * A picture's dominant colour as sharp's `stats()` finds it: the fullest bin of a 16 × 16 × 16
 * histogram of its sRGB pixels (the first in red-then-green-then-blue order on a tie, as libvips
 * scans), given as the bin's middle. Counted here, since `stats()` also convolves the whole
 * picture for its sharpness: three times the work, for every page of a kids book.
 */
export async function dominantColour(picture: Buffer): Promise<{ r: number; g: number; b: number }> {
  const { data } = await sharp(picture)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const bins = new Uint32Array(16 * 16 * 16);
  for (let i = 0; i + 2 < data.length; i += 3) {
    const bin =
      ((data[i + 1] as number) >> 4) * 256 + ((data[i] as number) >> 4) * 16 + ((data[i + 2] as number) >> 4);
    bins[bin] = (bins[bin] as number) + 1;
  }
  let best = 0;
  for (let bin = 1; bin < bins.length; bin++) if ((bins[bin] as number) > (bins[best] as number)) best = bin;
  const middle = (level: number) => level * 16 + 8;
  return { r: middle((best >> 4) & 15), g: middle(best >> 8), b: middle(best & 15) };
}

/** A pale tint of a picture's dominant colour (#rrggbb): the band a kids page's text sits on. */
export async function paleTint(png: Buffer): Promise<string> {
  const dominant = await dominantColour(png);
  const { hue, saturation } = hueOf(dominant.r, dominant.g, dominant.b);
  return hsl(hue, Math.min(0.55, saturation), 0.94);
}

/** Colours a coloring book's cover fills its design with: bright, light enough for black outlines. */
const FILLS = ['#ffd166', '#8ecae6', '#f4a3a8', '#a7d89b', '#cdb4db', '#ffb870', '#9ad1d4', '#f6e27f'];

/** A band of a picture, in its pixels: where the words go, and which edge its scrim fades from. */
interface Band {
  top: number;
  height: number;
  from: 'top' | 'bottom';
}

/** The relative luminances of a band of an RGB picture, sorted. */
async function bandLuminances(png: Buffer, band: Band, width: number) {
  const { data, info } = await sharp(png)
    .extract({ left: 0, top: band.top, width, height: band.height })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const values: number[] = [];
  for (let i = 0; i < data.length; i += info.channels)
    values.push(luminance(data[i] as number, data[i + 1] as number, data[i + 2] as number));
  return values.sort((a, b) => a - b);
}

/** The contrast of `ink` with the worst twentieth of the pixels behind it. */
function worstContrast(sorted: number[], ink: string): number {
  const text = hexLuminance(ink);
  const behind =
    text > 0.5 ? sorted[Math.floor(sorted.length * 0.95)] : sorted[Math.floor(sorted.length * 0.05)];
  return contrastRatio(text, behind ?? 0);
}

/** A scrim: `opacity` of a colour over a band, fading to none a band's height past it. */
interface Scrim {
  band: Band;
  colour: string;
  opacity: number;
}

/** The scrims as one SVG of the picture's size (nothing where no scrim is needed). */
function scrimSvg(size: { width: number; height: number }, scrims: Scrim[]): string {
  const layers = scrims
    .filter((s) => s.opacity > 0)
    .map(({ band, colour, opacity }, i) => {
      const fade = Math.min(
        band.height,
        band.from === 'top' ? size.height - band.top - band.height : band.top,
      );
      const top = band.from === 'top' ? 0 : Math.max(0, band.top - fade);
      const bottom = band.from === 'top' ? Math.min(size.height, band.top + band.height + fade) : size.height;
      const solid =
        band.from === 'top' ? (band.top + band.height - top) / (bottom - top) : fade / (bottom - top);
      const stop = (offset: number, o: number) =>
        `<stop offset="${offset.toFixed(3)}" stop-color="${colour}" stop-opacity="${o}"/>`;
      const stops =
        band.from === 'top'
          ? stop(0, opacity) + stop(solid, opacity) + stop(1, 0)
          : stop(0, 0) + stop(solid, opacity) + stop(1, opacity);
      return `<linearGradient id="s${i}" x1="0" y1="0" x2="0" y2="1">${stops}</linearGradient><rect x="0" y="${top}" width="${size.width}" height="${bottom - top}" fill="url(#s${i})"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">${layers}</svg>`;
}

const withScrims = (png: Buffer, size: { width: number; height: number }, scrims: Scrim[]) =>
  sharp(png)
    .composite([{ input: Buffer.from(scrimSvg(size, scrims)), top: 0, left: 0 }])
    .removeAlpha();

/**
 * The text colour for each band of the picture and the scrim that makes it legible: white or dark,
 * whichever the band's median favours, and the least opacity of black (or white) painted under the
 * band, fading out past it, that gives MIN_TEXT_CONTRAST. Found on a small copy of the picture
 * (the same proportions), then painted into the full one once.
 */
async function legibleBands(
  png: Buffer,
  size: { width: number; height: number },
  bands: Band[],
): Promise<{ png: Buffer; inks: string[] }> {
  const k = Math.min(1, 480 / size.width);
  const small = { width: Math.round(size.width * k), height: Math.round(size.height * k) };
  const thumb = await sharp(png).resize(small.width, small.height, { fit: 'fill' }).png().toBuffer();
  const scaled = (band: Band): Band => ({
    ...band,
    top: Math.round(band.top * k),
    height: Math.max(1, Math.round(band.height * k)),
  });
  const scrims: Scrim[] = [];
  const inks: string[] = [];
  for (const band of bands) {
    const sorted = await bandLuminances(thumb, scaled(band), small.width);
    const ink = (sorted[Math.floor(sorted.length / 2)] ?? 0) < 0.3 ? WHITE : DARK;
    const colour = ink === WHITE ? '#000000' : '#ffffff';
    let scrim: Scrim = { band, colour, opacity: 0 };
    for (const opacity of [0, 0.25, 0.4, 0.55, 0.7, 0.85, 1]) {
      scrim = { band, colour, opacity };
      const tried = await withScrims(thumb, small, [{ ...scrim, band: scaled(band) }])
        .png()
        .toBuffer();
      if (worstContrast(await bandLuminances(tried, scaled(band), small.width), ink) >= MIN_TEXT_CONTRAST)
        break;
    }
    scrims.push(scrim);
    inks.push(ink);
  }
  const painted = await withScrims(png, size, scrims)
    .withMetadata({ density: PRINT_PPI })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { png: painted, inks };
}

/** The room between the title band and the author band (inches from the frame's top, and tall). */
function middleOf(frame: Frame, bands: FrontBands) {
  const gap = 0.15;
  const top = bands.titleTop + bands.titleHeight + gap;
  const bottom = frame.height - bands.authorBottom - bands.authorHeight - gap;
  return { top, height: bottom - top, width: frame.width - bands.left - bands.right };
}

/**
 * The front of `frame` (inches, bleed included) with `art`: full when the picture holds
 * MIN_REAL_PPI over the whole frame (and `fullAspect` allows it), else a panel between the bands.
 * `forScreen` (the ebook cover) has no print resolution to keep, only the shape to fit.
 */
export async function designFront(
  art: CoverArt,
  frame: Frame,
  bands: FrontBands,
  palette: Palette,
  options: { forScreen?: boolean } = {},
): Promise<FrontDesign> {
  const panelBands = { ...bands, titleHeight: bands.titleHeight * 0.7 };
  const middle = middleOf(frame, panelBands);
  const onBackground = {
    bands: panelBands,
    titleInk: palette.ink,
    subtitleInk: palette.accent,
    authorInk: palette.ink,
  };
  if (art.kind === 'line-art') {
    // Vectors: any size is sharp. The coloured design fills the room between the bands.
    const scale = Math.min(middle.width / art.art.width, middle.height / art.art.height);
    return {
      layout: 'panel',
      file: { name: 'front.svg', data: colouredLineArt(art.art, FILLS) },
      panel: { width: art.art.width * scale, height: art.art.height * scale, top: middle.top },
      ...onBackground,
    };
  }
  const meta = await sharp(art.source).metadata();
  const picture = { width: meta.width ?? 1, height: meta.height ?? 1 };
  const shapeGap = Math.abs(Math.log(picture.width / picture.height / (frame.width / frame.height)));
  const full = options.forScreen
    ? shapeGap < 0.15
    : realPpi(croppedSource(picture, frame), frame) >= MIN_REAL_PPI;
  if (full) {
    const placed = await placePicture(art.source, frame);
    const size = { width: Math.round(frame.width * PRINT_PPI), height: Math.round(frame.height * PRINT_PPI) };
    const px = (inches: number) => Math.round(inches * PRINT_PPI);
    const legible = await legibleBands(placed.png, size, [
      { top: px(bands.titleTop), height: px(bands.titleHeight), from: 'top' },
      {
        top: size.height - px(bands.authorBottom + bands.authorHeight),
        height: px(bands.authorHeight),
        from: 'bottom',
      },
    ]);
    const [titleInk = WHITE, authorInk = WHITE] = legible.inks;
    return {
      layout: 'full',
      bands,
      file: { name: 'front.png', data: legible.png },
      titleInk,
      subtitleInk: titleInk,
      authorInk,
      source: { pixels: size, source: placed.source },
    };
  }
  // Drawn smaller: as large as the room allows without going under MIN_REAL_PPI.
  const limit = options.forScreen ? Number.POSITIVE_INFINITY : 1 / MIN_REAL_PPI;
  const scale = Math.min(middle.width / picture.width, middle.height / picture.height, limit);
  const panel = { width: picture.width * scale, height: picture.height * scale };
  const placed = await placePicture(art.source, panel);
  const pixels = { width: Math.round(panel.width * PRINT_PPI), height: Math.round(panel.height * PRINT_PPI) };
  return {
    layout: 'panel',
    file: { name: 'front.png', data: placed.png },
    panel: { ...panel, top: middle.top + (middle.height - panel.height) / 2 },
    ...onBackground,
    source: { pixels, source: placed.source },
  };
}
