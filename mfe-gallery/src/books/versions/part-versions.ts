// What GET /api/books/{id}/parts answers (docs/product/creation-tools-qr.md (API)), and what the
// screen derives from it.

/** A chapter's version carries its words; a picture's (a kids page, a coloring design) where to see it. */
export interface PartVersion {
  version: number;
  title?: string;
  paragraphs?: string[];
  /** The picture's address (owner only) and its size in bytes. */
  picture?: string;
  bytes?: number;
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

export interface BookPart {
  part: string;
  label: string;
  title: string;
  /** The version the book has; null when the author edited the chapter by hand since. */
  inBook: number | null;
  versions: PartVersion[];
  regeneration?: PartRegeneration;
}

export interface BookParts {
  id: string;
  title: string;
  editable: boolean;
  price: number;
  parts: BookPart[];
}

/** A book whose parts are pictures: its screen speaks of drawing, not writing. */
export const isPictureBook = (book: BookParts | undefined) =>
  Boolean(book?.parts.some((p) => p.versions.some((v) => v.picture)));

/** Read again while a chapter is being written: its new version shows up by itself. */
export const isWriting = (book: BookParts | undefined) =>
  Boolean(book?.parts.some((p) => p.regeneration?.status === 'pending'));

/** A new key per request the author means: the same key again (a double click, a retry) is charged once. */
export const newRequestKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
