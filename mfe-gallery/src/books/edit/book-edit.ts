// The Edit view's model: the book's words as the server keeps them, and what a save sends (only
// what changed, so a save of one chapter stays small).
import type { GenerationStatus } from '@studio/events';
import type { EditBookRequest } from '@studio/events/requests';
import { isWorking } from '../book';

export interface BookEdition {
  id: string;
  type: string;
  status: string;
  generationStatus: GenerationStatus;
  progress?: number;
  currentStep?: string;
  editable: boolean;
  title?: string;
  subtitle?: string;
  author?: string;
  /** The back cover's copy. */
  blurb?: string;
  chapters?: Array<{ title: string; label?: string; text: string }>;
  pages?: string[];
  interiorFile?: string;
  coverFile?: string;
  epubFile?: string;
  rebuildError?: string;
}

/** What the form holds. */
export interface EditDraft {
  title: string;
  subtitle: string;
  author: string;
  blurb: string;
  chapters: Array<{ title: string; text: string }>;
  pages: string[];
}

export const draftOf = (edition: BookEdition): EditDraft => ({
  title: edition.title ?? '',
  subtitle: edition.subtitle ?? '',
  author: edition.author ?? '',
  blurb: edition.blurb ?? '',
  chapters: (edition.chapters ?? []).map(({ title, text }) => ({ title, text })),
  pages: [...(edition.pages ?? [])],
});

/** The PATCH body for what differs from the edition; null when nothing does. */
export function changesOf(edition: BookEdition, draft: EditDraft): EditBookRequest | null {
  const saved = draftOf(edition);
  const changes: EditBookRequest = {};
  if (draft.title.trim() !== saved.title) changes.title = draft.title.trim();
  if (draft.subtitle.trim() !== saved.subtitle) changes.subtitle = draft.subtitle.trim();
  if (draft.author.trim() !== saved.author) changes.author = draft.author.trim();
  if (draft.blurb.trim() !== saved.blurb) changes.blurb = draft.blurb.trim();
  const chapters = draft.chapters.flatMap((chapter, index) => {
    const before = saved.chapters[index];
    return before && (before.title !== chapter.title.trim() || before.text !== chapter.text.trim())
      ? [{ index, title: chapter.title.trim(), text: chapter.text.trim() }]
      : [];
  });
  if (chapters.length > 0) changes.chapters = chapters;
  const pages = draft.pages.flatMap((text, index) =>
    text.trim() !== saved.pages[index] ? [{ index, text: text.trim() }] : [],
  );
  if (pages.length > 0) changes.pages = pages;
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Whether the files are being typeset again (or the book is still being made). */
export const isBuilding = (edition: Pick<BookEdition, 'type' | 'generationStatus'>) => isWorking(edition);
