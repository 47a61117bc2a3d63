// What GET /api/books/{id}/parts answers (docs/product/creation-tools-qr.md (API)), and what the
// screen derives from it.

/** What one version holds: a chapter's title and paragraphs, a page's or field's text, or keywords. */
export interface PartValue {
  title?: string;
  paragraphs?: string[];
  text?: string;
  keywords?: string[];
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
