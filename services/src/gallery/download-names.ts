import { TRIMS } from '../studio/outputs/kdp';

/**
 * Readable names for a book's files, sent as Content-Disposition so a download is saved as
 * `the-quiet-power-of-habits-interior-6x9.pdf` rather than under its internal blob id.
 */
const TRIM_OF: Record<string, (typeof TRIMS)[keyof typeof TRIMS]> = {
  'non-fiction': TRIMS['non-fiction'],
  'non-fiction-v2': TRIMS['non-fiction'],
  'coloring-book': TRIMS.coloring,
  'kids-book': TRIMS.kids,
};

/** Lower-case ASCII words joined by hyphens, cut at a word boundary; 'book' when nothing is left. */
export function slugOf(title: string, max = 60): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > max) break;
    slug = next;
  }
  return slug || 'book';
}

/** The download name of a book file by its role, or undefined for files that keep their id. */
export function bookFileName(book: { kind: string; title?: string }, blobId: string): string | undefined {
  const trim = TRIM_OF[book.kind];
  const role = /-(pdf\.pdf|cover-pdf\.pdf|epub\.epub|docx\.docx|cover\.jpg)$/.exec(blobId)?.[1];
  if (!trim || !role) return undefined;
  const slug = slugOf(book.title ?? '');
  const size = `${trim.width}x${trim.height}`;
  const names: Record<string, string> = {
    'pdf.pdf': `${slug}-interior-${size}.pdf`,
    'cover-pdf.pdf': `${slug}-cover.pdf`,
    'epub.epub': `${slug}.epub`,
    'docx.docx': `${slug}.docx`,
    'cover.jpg': `${slug}-ebook-cover.jpg`,
  };
  return names[role];
}
