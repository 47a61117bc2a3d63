import { escapeHtml } from './html';

/**
 * The landing hero's variants. An uploaded hero is stored as a 3:2 banner `qr-hero-{uuid}.webp`
 * (720 px, the fallback every browser shows) plus `qr-hero-{uuid}-{w}w.webp|avif` for each of
 * HERO_WIDTHS. The page offers them as a `srcset`, AVIF first, so
 * the browser picks the width for its screen and density. Heroes uploaded before (`qr-img-…`)
 * have no variants and are shown as one image.
 */
export const HERO_WIDTHS = [480, 960, 1440] as const;
export const HERO_FALLBACK_WIDTH = 720;

export const heroVariantId = (uuid: string, width?: number, format: 'webp' | 'avif' = 'webp') =>
  width === undefined ? `qr-hero-${uuid}.webp` : `qr-hero-${uuid}-${width}w.${format}`;

/** The blob ids the public image route serves: logos and heroes, old and new. */
export const QR_IMAGE_BLOB_ID = /^qr-(img|hero)-[0-9a-f-]{36}(-\d{3,4}w)?\.(webp|png|avif)$/;

const HERO_PATH = /^\/qr-images\/qr-hero-([0-9a-f-]{36})\.webp$/;

/** The banner is the page's column: 440 px wide from a 480 px window up, the window less its padding below. */
const SIZES = '(min-width: 480px) 440px, calc(100vw - 40px)';

/** The hero banner (3:2, the column's width, the page's largest paint: fetched first). */
export function heroHtml(src: string): string {
  const img = `<img class="hero" src="${escapeHtml(src)}" alt="" width="720" height="480" fetchpriority="high">`;
  const uuid = HERO_PATH.exec(src)?.[1];
  if (!uuid) return img;
  const set = (format: 'webp' | 'avif') =>
    HERO_WIDTHS.map((w) => `/qr-images/${heroVariantId(uuid, w, format)} ${w}w`).join(', ');
  return `<picture>
<source type="image/avif" srcset="${set('avif')}" sizes="${SIZES}">
<source type="image/webp" srcset="${set('webp')}" sizes="${SIZES}">
${img}
</picture>`;
}
