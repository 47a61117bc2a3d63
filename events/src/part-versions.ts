import type { GenerationKind, PartId } from './generation';
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

/** Bounds of the author's note to the writer ("more practical", "shorter, with an example"). */
export const PART_INSTRUCTION_MAX_LENGTH = 500;

/**
 * How long a requested regeneration may take before another request of the same part replaces it
 * (and it is refunded): a worker that died with it never locks the part for good.
 */
export const PART_REGENERATION_DEADLINE_MS = 10 * 60 * 1000;
