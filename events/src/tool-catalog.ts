// What the product offers, for people: each tool's name, what it makes, its screen, its price and
// who may use it. Kept apart from the request schemas (tools.ts) so a page that only lists the
// tools (the dashboard) loads no validation library.
import type { GenerationKind } from './generation';
import type { Tier } from './subscription';

/**
 * Gen 2.0's three outlines written anew after the free rewrite: one text call of the book's
 * fifteen or so, a tenth of its 20 credits (docs/product/creation-tools-qr.md (Limits and costs)).
 */
export const OUTLINE_REWRITE_CREDITS = 2;

/** A coloring book's price by its number of designs. */
export const COLORING_BOOK_COSTS = { 10: 20, 20: 40, 30: 60, 40: 80 } as const;
export type ColoringBookLength = keyof typeof COLORING_BOOK_COSTS;

export interface ToolListing {
  /** The tool's name, as the sidebar, the screen's heading and the dashboard's tool grid show it. */
  name: string;
  /** One line for the dashboard's tool grid: what the user gets. */
  makes: string;
  /** The screen. */
  screen: string;
  /** Credits spent; the lowest where the request changes it (`priceVaries`). */
  price: number;
  priceVaries?: true;
  /** Tiers that may use it; absent means every tier. */
  tiers?: readonly Tier[];
  /** The tool that replaced it: still offered (Legacy), not advertised beside its successor. */
  supersededBy?: GenerationKind;
}

export const TOOL_CATALOG = {
  'non-fiction': {
    name: 'Non-fiction Book Writer',
    makes: 'A complete non-fiction book from a title and a description, as PDF and EPUB.',
    screen: '/non-fiction-book',
    price: 20,
    supersededBy: 'non-fiction-v2',
  },
  'non-fiction-v2': {
    name: 'Non-Fiction Gen 2.0',
    makes: 'Three outlines to choose from, then the whole book written from the one you pick.',
    screen: '/non-fiction-gen2',
    price: 20,
  },
  'kdp-listing': {
    name: 'KDP Listing Generator',
    makes: "A title, subtitle, description and 7 keywords, checked against KDP's rules.",
    screen: '/kdp-listing-generator',
    price: 10,
  },
  'coloring-book': {
    name: 'Coloring Book Generator',
    makes: 'A print-ready coloring book of 10 to 40 line-art designs.',
    screen: '/coloring-book-generator',
    price: Math.min(...Object.values(COLORING_BOOK_COSTS)),
    priceVaries: true,
    tiers: ['Standard', 'Premium'],
  },
  'coloring-page': {
    name: 'Coloring Page Generator',
    makes: 'One printable line-art coloring page from a prompt.',
    screen: '/coloring-book-page-generator',
    price: 4,
  },
  'image-v2': {
    name: 'Image Generator v2',
    makes: 'An image from a text prompt, ready to download as PNG.',
    screen: '/image-generator-v2',
    price: 6,
  },
  'image-edit': {
    name: 'AI Image Editor',
    makes: 'Your own picture changed the way you describe it.',
    screen: '/image-editor',
    price: 6,
  },
  'kids-book': {
    name: 'Kids Book Generator',
    makes: 'A 24-page illustrated picture book starring your character.',
    screen: '/kids-book-generator',
    price: 100,
  },
} as const satisfies Record<GenerationKind, ToolListing>;

/** The price a tool is offered from: its lowest where the request changes it, else its one price. */
export function priceOf(kind: GenerationKind): { credits: number; varies: boolean } {
  const listing: ToolListing = TOOL_CATALOG[kind];
  return { credits: listing.price, varies: listing.priceVaries === true };
}
