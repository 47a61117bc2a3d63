import type { BookBrief } from '@studio/events';

/**
 * The structured text of a book, as the AI provider writes it: outlines for Gen 2.0 (and v1's
 * plan), chapters of paragraphs, and the 24 pages of a kids story. Providers return these shapes
 * (the openai provider through JSON outputs); `isOutline` and friends check what came back.
 */
export interface OutlineChapter {
  title: string;
  summary: string;
}

export interface BookOutline {
  /** The angle that makes this outline different from the other two. */
  approach: string;
  introduction?: string;
  chapters: OutlineChapter[];
}

export interface ChapterText {
  title: string;
  paragraphs: string[];
}

/** A chapter as the writer returns it: its text, and what it says in two sentences (the later chapters' memory). */
export interface WrittenChapter extends ChapterText {
  summary?: string;
}

/** A chapter before the one being written, as its writer is told about it. */
export interface RememberedChapter {
  /** 0 for the introduction. */
  number: number;
  title: string;
  summary: string;
  /** True when the summary is of the chapter as written; false when it is the outline's plan. */
  written: boolean;
}

export interface KidsStory {
  title: string;
  pages: string[];
}

export interface OutlineBrief {
  title: string;
  description: string;
  numChapters: number;
  includeIntroduction: boolean;
  /** A rewrite of the outlines offered before (1 for the first): new ones, not the same again. */
  round?: number;
}

export interface ChapterBrief {
  bookTitle: string;
  description: string;
  chapter: OutlineChapter;
  /** 0 for the introduction when there is one; chapters count from 1. */
  number: number;
  total: number;
  introduction?: boolean;
  /** Writing a finished chapter again: the text it has now and the author's note on how to change it. */
  rewrite?: { current: ChapterText; instruction?: string };
  /** The length asked for: about `words`, in `paragraphs[0]` to `paragraphs[1]` paragraphs. */
  words?: number;
  paragraphs?: readonly [number, number];
  /** Who the book is for, how it sounds, the words it uses and what it leaves out. */
  bookBrief?: BookBrief;
  /** The running memory: every chapter before this one, in order. */
  memory?: RememberedChapter[];
}

export interface StoryBrief {
  storyDescription: string;
  characterName: string;
  characterGender: 'boy' | 'girl';
  pages: number;
}

export type WritingTask =
  | { task: 'outlines'; brief: OutlineBrief }
  | { task: 'chapter'; brief: ChapterBrief }
  | { task: 'kids-story'; brief: StoryBrief };

export interface WritingResults {
  outlines: { outlines: [BookOutline, BookOutline, BookOutline] };
  chapter: WrittenChapter;
  'kids-story': KidsStory;
}

export type WritingResult<T extends WritingTask> = WritingResults[T['task']];

const isText = (value: unknown, max = 20_000): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= max;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isOutline(value: unknown, brief: OutlineBrief): value is BookOutline {
  if (!isRecord(value) || !isText(value.approach, 300) || !Array.isArray(value.chapters)) return false;
  if (value.chapters.length !== brief.numChapters) return false;
  if (brief.includeIntroduction && !isText(value.introduction, 4000)) return false;
  return value.chapters.every((c) => isRecord(c) && isText(c.title, 200) && isText(c.summary, 4000));
}

/** Whether what a provider returned is a complete result for the task (else it is retried once). */
export function isCompleteResult(task: WritingTask, value: unknown): boolean {
  switch (task.task) {
    case 'outlines': {
      if (!isRecord(value) || !Array.isArray(value.outlines) || value.outlines.length !== 3) return false;
      const outlines = value.outlines as unknown[];
      if (!outlines.every((o) => isOutline(o, task.brief))) return false;
      // Three outlines that are the same are one outline.
      return new Set(outlines.map((o) => renderOutline(o as BookOutline))).size === 3;
    }
    case 'chapter':
      return (
        isRecord(value) &&
        isText(value.title, 200) &&
        Array.isArray(value.paragraphs) &&
        value.paragraphs.length > 0 &&
        value.paragraphs.every((p) => isText(p)) &&
        (value.summary === undefined || value.summary === '' || isText(value.summary, 2000))
      );
    case 'kids-story':
      return (
        isRecord(value) &&
        isText(value.title, 200) &&
        Array.isArray(value.pages) &&
        value.pages.length === task.brief.pages &&
        value.pages.every((p) => isText(p, 1000))
      );
    default: {
      const never: never = task;
      return never;
    }
  }
}

const INTRODUCTION = 'Introduction';

/** The outline as the user reads it in the outline dialog (docs/product/creation-tools-qr.md (States): outline1..3 are texts). */
export function renderOutline(outline: BookOutline): string {
  const lines = [`Approach: ${outline.approach}`, ''];
  if (outline.introduction) lines.push(`${INTRODUCTION}: ${outline.introduction}`, '');
  outline.chapters.forEach((chapter, i) => {
    lines.push(`Chapter ${i + 1}: ${chapter.title}`, chapter.summary, '');
  });
  return lines.join('\n').trim();
}

/** The chosen outline text back into its parts, for the book phase (the inverse of renderOutline). */
export function parseOutline(text: string): BookOutline {
  const lines = text.split('\n');
  const outline: BookOutline = { approach: '', chapters: [] };
  let current: OutlineChapter | undefined;
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    const chapter = /^Chapter \d+: (.+)$/.exec(line);
    if (line.startsWith('Approach: ') && !outline.approach) outline.approach = line.slice(10);
    else if (line.startsWith(`${INTRODUCTION}: `) && outline.chapters.length === 0)
      outline.introduction = line.slice(INTRODUCTION.length + 2);
    else if (chapter?.[1]) {
      current = { title: chapter[1], summary: '' };
      outline.chapters.push(current);
    } else if (current) current.summary = current.summary ? `${current.summary} ${line}` : line;
  }
  if (outline.chapters.length === 0) throw new Error('The chosen outline has no chapters');
  return outline;
}
