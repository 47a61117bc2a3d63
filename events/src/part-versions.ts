import { type GenerationKind, LISTING_FIELDS, type ListingField, type PartId } from './generation';
import { TOOL_CATALOG } from './tool-catalog';

const CHAPTER_PART = /^chapter-([1-9]\d{0,2})$/;

/** The 0-based position of the chapter a part names; undefined for anything else. */
export function chapterIndexOf(part: string): number | undefined {
  const match = CHAPTER_PART.exec(part);
  return match ? Number(match[1]) - 1 : undefined;
}

export const chapterPart = (index: number): PartId => `chapter-${index + 1}`;

/**
 * docs/product/creation-tools-qr.md (Screens and routes: Regenerating a part): a chapter costs the book's price shared
 * among its chapters, rounded up, and at least 1 credit.
 */
export function chapterRegenerationPrice(kind: GenerationKind, chapters: number): number {
  return Math.max(1, Math.ceil(TOOL_CATALOG[kind].price / Math.max(1, chapters)));
}

const PAGE_TEXT_PART = /^page-([1-9]\d?)-text$/;

/** The 0-based page whose text a part names (`page-3-text`); undefined for anything else. */
export function pageTextIndexOf(part: string): number | undefined {
  const match = PAGE_TEXT_PART.exec(part);
  return match ? Number(match[1]) - 1 : undefined;
}

export const pageTextPart = (index: number): PartId => `page-${index + 1}-text`;

/** The listing field a part names (`listing-description`); undefined for anything else. */
export function listingFieldOf(part: string): ListingField | undefined {
  const field = part.startsWith('listing-') ? part.slice('listing-'.length) : '';
  return (LISTING_FIELDS as readonly string[]).includes(field) ? (field as ListingField) : undefined;
}

export const listingPart = (field: ListingField): PartId => `listing-${field}`;

/**
 * docs/product/creation-tools-qr.md (Screens and routes: Regenerating a part): a kids page's text
 * is a quarter of the page's share of the book (its picture is the rest), rounded up, at least 1
 * credit (a 100-credit book of 24 pages: 2 credits).
 */
export function pageTextRegenerationPrice(kind: GenerationKind, pages: number): number {
  return Math.max(1, Math.ceil(TOOL_CATALOG[kind].price / Math.max(1, pages) / 4));
}

/**
 * The same rule: a listing's field costs the listing's price shared among its four fields,
 * rounded up, at least 1 credit (a 10-credit listing: 3 credits).
 */
export function listingFieldRegenerationPrice(kind: GenerationKind): number {
  return Math.max(1, Math.ceil(TOOL_CATALOG[kind].price / LISTING_FIELDS.length));
}

/** Bounds of the author's note to the writer ("more practical", "shorter, with an example"). */
export const PART_INSTRUCTION_MAX_LENGTH = 500;

/**
 * How long a requested regeneration may take before another request of the same part replaces it
 * (and it is refunded): a worker that died with it never locks the part for good.
 */
export const PART_REGENERATION_DEADLINE_MS = 10 * 60 * 1000;
