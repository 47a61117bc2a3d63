import type { GenerationKind, PicturePartId } from './generation';
import { COLORING_BOOK_COSTS, TOOL_CATALOG } from './tool-catalog';
import { KIDS_BOOK_PAGES } from './tools';

/**
 * The picture parts of a finished book that can be drawn again with a note: a kids book page's
 * picture (`page-{n}-picture`) and a coloring book's design (`design-{n}`), both 1-based.
 */
export type PictureKind = 'page-picture' | 'design';

const PICTURE_PART = /^(?:page-([1-9]\d{0,2})-picture|design-([1-9]\d{0,2}))$/;

/** Which book tool each kind of picture part belongs to. */
export const PICTURE_PART_TOOL: Record<PictureKind, GenerationKind> = {
  'page-picture': 'kids-book',
  design: 'coloring-book',
};

/** The kind and 1-based number of the picture a part names; undefined for anything else. */
export function picturePartOf(part: string): { kind: PictureKind; n: number } | undefined {
  const match = PICTURE_PART.exec(part);
  if (!match) return undefined;
  return match[1] ? { kind: 'page-picture', n: Number(match[1]) } : { kind: 'design', n: Number(match[2]) };
}

export const picturePart = (kind: PictureKind, n: number): PicturePartId =>
  kind === 'design' ? `design-${n}` : `page-${n}-picture`;

/**
 * docs/product/creation-tools-qr.md (Screens and routes: Regenerating a part): a picture costs the
 * book's price shared among its pictures, rounded up, at least 1 credit: a kids book's 100 credits
 * over its 24 pages (5), a coloring book's price for its length over its designs (2).
 */
export function pictureRegenerationPrice(kind: GenerationKind, designs?: number): number {
  if (kind === 'coloring-book') {
    const length = (designs ?? 10) as keyof typeof COLORING_BOOK_COSTS;
    const price = COLORING_BOOK_COSTS[length] ?? TOOL_CATALOG[kind].price;
    return Math.max(1, Math.ceil(price / Math.max(1, designs ?? 10)));
  }
  return Math.max(1, Math.ceil(TOOL_CATALOG[kind].price / KIDS_BOOK_PAGES));
}
