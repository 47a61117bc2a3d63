// The kids book record (docs/product/creation-tools-qr.md (Data): Page1..Page24 text, PNG1..PNG24 image URLs) and the viewer's
// page rules (Screens and routes: Kids book viewer): starts at page 1, clamped between 1 and 24.
import type { GenerationStatus } from '@studio/events';

export const KIDS_BOOK_PAGES = 24;

export interface KidsBookRecord {
  id?: string;
  title?: string;
  storyDescription?: string;
  status?: string;
  generationStatus?: GenerationStatus;
  createdAt?: string;
  [field: string]: unknown;
}

export interface KidsBookPage {
  number: number;
  text: string | null;
  image: string | null;
}

const present = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

export const clampPage = (page: number): number =>
  Number.isFinite(page) ? Math.min(KIDS_BOOK_PAGES, Math.max(1, Math.trunc(page))) : 1;

export function bookPage(record: KidsBookRecord, number: number): KidsBookPage {
  const n = clampPage(number);
  return { number: n, text: present(record[`Page${n}`]), image: present(record[`PNG${n}`]) };
}

export function bookPages(record: KidsBookRecord): KidsBookPage[] {
  return Array.from({ length: KIDS_BOOK_PAGES }, (_, i) => bookPage(record, i + 1));
}

/** Overview buttons are dimmed where a page has neither text nor image. */
export const isEmptyPage = (page: KidsBookPage): boolean => page.text === null && page.image === null;

/** The downloaded picture's file name: the title's words and the page number. */
export function pageImageFileName(title: string | undefined, page: number): string {
  const slug = (title ?? 'kids-book')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'kids-book'}-page-${page}.png`;
}
