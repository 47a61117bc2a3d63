// What GET /api/books/{id}/parts answers (docs/product/creation-tools-qr.md (API)), and what the
// screen derives from it.

/**
 * What one version holds: a chapter's title and paragraphs, a page's or field's text, keywords, or
 * a picture's address (owner only, a kids page or a coloring design) and its size in bytes.
 */
export interface PartValue {
  title?: string;
  paragraphs?: string[];
  text?: string;
  keywords?: string[];
  picture?: string;
  bytes?: number;
}

export interface PartVersion extends PartValue {
  version: number;
  at: string;
  instruction?: string;
}

export interface PartRegeneration {
  regenerationId: string;
  status: 'pending' | 'done' | 'failed';
  cost: number;
  instruction?: string;
  reason?: string;
}

export interface BookPart extends PartValue {
  part: string;
  label: string;
  /** The version the book has; null when the author edited the chapter by hand since. */
  inBook: number | null;
  /** What writing (or drawing) this part again costs. */
  price?: number;
  versions: PartVersion[];
  regeneration?: PartRegeneration;
}

export interface BookParts {
  id: string;
  kind?: string;
  title: string;
  editable: boolean;
  price: number;
  parts: BookPart[];
}

/** A book whose parts are all pictures (a coloring book): its screen speaks of drawing, not writing. */
export const isPictureBook = (book: BookParts | undefined) =>
  Boolean(book?.parts.length && book.parts.every((p) => p.versions.some((v) => v.picture)));

/** A picture part: drawn again, shown as thumbnails. */
export const isPicturePart = (part: Pick<BookPart, 'versions'>) => part.versions.some((v) => v.picture);

/** What the heading and the dialog call a part: "Chapter 2: Seeds", "Page 3", "Subtitle". */
export const partName = (part: Pick<BookPart, 'label' | 'title'>) =>
  part.title ? `${part.label}: ${part.title}` : part.label;

/** Read again while a part is being written: its new version shows up by itself. */
export const isWriting = (book: BookParts | undefined) =>
  Boolean(book?.parts.some((p) => p.regeneration?.status === 'pending'));

/** A new key per request the author means: the same key again (a double click, a retry) is charged once. */
export const newRequestKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
