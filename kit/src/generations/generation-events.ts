// Live generation progress: one EventSource on GET /api/generations/events per page,
// shared by every screen that lists books (My Books, the dashboard). Each event patches the cached
// book lists in place, so progress bars move without polling; an event the lists cannot place
// (a new book, a finished one whose links are not known yet) makes them refetch instead.
import type { QueryClient } from '@tanstack/query-core';

export const GENERATION_EVENTS_PATH = '/api/generations/events';
/** Every book list is cached under this key prefix (My Books, the dashboard's lists). */
export const BOOKS_QUERY_ROOT = '/api/airtable/books';

/** One event of the stream: the generation (= book id), its status, progress and current step. */
export interface GenerationEventData {
  generationId: string;
  status?: string;
  progress?: number;
  step?: string;
}

/** The fields of a listed book an event may change. */
export interface LiveBook {
  id: string;
  type?: string;
  status: string;
  progress?: number;
  currentStep?: string;
}

/**
 * The book status label (docs/product/creation-tools-qr.md (States)) for a status of the stream, which speaks the generation
 * vocabulary (`running`, `outlines-ready`, …); a label already in the spec's words passes through.
 */
export function bookStatusLabel(kind: string | undefined, status: string): string {
  switch (status) {
    case 'failed':
      return 'ERROR';
    case 'completed':
      return 'Done';
    case 'outlines-ready':
      return kind === 'non-fiction-v2' ? 'Outline finished' : 'In progress';
    case 'outline-chosen':
    case 'book-running':
      return kind === 'non-fiction-v2' ? 'In progress (book creation)' : 'In progress';
    case 'requested':
    case 'running':
      return kind === 'non-fiction-v2' ? 'In progress (outline creation)' : 'In progress';
    // An edited book whose files are being typeset again.
    case 'rebuild-requested':
    case 'rebuilding':
      return 'In progress';
    default:
      return status;
  }
}

/** Statuses after which the list must be read again (links, outlines, or leaving the in-progress list). */
const SETTLED = new Set(['Done', 'ERROR', 'Outline finished']);

export interface AppliedEvent<B extends LiveBook> {
  books: B[];
  /** False when the event names no listed book or settles one: the list should be refetched. */
  complete: boolean;
}

/** Pure: the list with the event's book patched (progress only grows within one status). */
export function applyGenerationEvent<B extends LiveBook>(
  books: readonly B[],
  event: GenerationEventData,
): AppliedEvent<B> {
  let found = false;
  let settled = false;
  const next = books.map((book) => {
    if (book.id !== event.generationId) return book;
    found = true;
    const status = event.status ? bookStatusLabel(book.type, event.status) : book.status;
    settled = SETTLED.has(status) && status !== book.status;
    const progress =
      typeof event.progress === 'number' && Number.isFinite(event.progress)
        ? Math.max(0, Math.min(100, event.progress))
        : book.progress;
    return {
      ...book,
      status,
      ...(progress === undefined ? {} : { progress }),
      ...(event.step ? { currentStep: event.step } : {}),
    };
  });
  return { books: next, complete: found && !settled };
}

/**
 * The status an event type brings, for a stream that names the event (`type`) rather than the
 * status. Started, progressed and released events change no status: a Gen 2.0 book's second
 * phase would otherwise read as outline creation again.
 */
const STATUS_OF_TYPE: Record<string, string> = {
  GenerationCompleted: 'completed',
  GenerationFailed: 'failed',
  GenerationOutlinesReady: 'outlines-ready',
  GenerationOutlineChosen: 'outline-chosen',
  GenerationEdited: 'rebuild-requested',
  // The book keeps its previous files: Done again.
  GenerationRebuildFailed: 'completed',
};

/** Parses one message's data; null when it is not a generation event. */
export function parseGenerationEvent(data: string): GenerationEventData | null {
  try {
    const value = JSON.parse(data) as Partial<GenerationEventData> & { id?: unknown; type?: unknown };
    const generationId = value.generationId ?? value.id;
    if (typeof generationId !== 'string' || generationId === '') return null;
    const status =
      typeof value.status === 'string'
        ? value.status
        : typeof value.type === 'string'
          ? STATUS_OF_TYPE[value.type]
          : undefined;
    return {
      generationId,
      ...(status ? { status } : {}),
      ...(typeof value.progress === 'number' ? { progress: value.progress } : {}),
      ...(typeof value.step === 'string' ? { step: value.step } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * Applies an event to every cached book list and refetches the lists it could not simply patch.
 * The stream carries every generation of the user (images too): an id no list knows is looked up
 * once (`unknown` remembers it), so image progress does not refetch the books on every event.
 */
export function applyToBookQueries(
  client: QueryClient,
  event: GenerationEventData,
  unknown: Set<string>,
): void {
  let refetch = false;
  let known = false;
  for (const query of client.getQueryCache().findAll({ queryKey: [BOOKS_QUERY_ROOT] })) {
    const data = query.state.data;
    if (!Array.isArray(data)) continue;
    const listed = (data as LiveBook[]).some((book) => book.id === event.generationId);
    known ||= listed;
    if (!listed) continue;
    const { books, complete } = applyGenerationEvent(data as LiveBook[], event);
    client.setQueryData(query.queryKey, books);
    if (!complete) refetch = true;
  }
  if (!known && !unknown.has(event.generationId)) {
    unknown.add(event.generationId);
    refetch = true;
  }
  if (refetch) void client.invalidateQueries({ queryKey: [BOOKS_QUERY_ROOT] });
}
