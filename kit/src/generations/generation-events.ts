// Live generation progress: one EventSource on GET /api/generations/events per page,
// shared by every screen that lists books (My Books, the dashboard). Each event patches the cached
// book lists in place, so progress bars move without polling; an event the lists cannot place
// (a new book, a finished one whose links are not known yet) makes them refetch instead.
import {
  bookStage,
  bookStatusLabel,
  type GenerationProgressMessage,
  type GenerationStatus,
  isGenerationStatus,
} from '@studio/events';
import type { QueryClient } from '@tanstack/query-core';

/** Every book list is cached under this key prefix (My Books, the dashboard's lists). */
export const BOOKS_QUERY_ROOT = '/api/airtable/books';

/** What a book list takes from one message of the stream. */
export type GenerationEventData = Pick<
  GenerationProgressMessage,
  'generationId' | 'status' | 'progress' | 'step'
>;

/** The fields of a listed book an event may change. */
export interface LiveBook {
  id: string;
  type?: string;
  /** The product's words for the status (`bookStatusLabel`). */
  status: string;
  generationStatus?: GenerationStatus;
  progress?: number;
  currentStep?: string;
}

/** Stages after which the list must be read again (links, outlines, or leaving the in-progress list). */
const SETTLED = new Set(['done', 'error', 'outline-finished']);

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
    const { status } = event;
    settled =
      status !== undefined && status !== book.generationStatus && SETTLED.has(bookStage(book.type, status));
    const progress =
      typeof event.progress === 'number' && Number.isFinite(event.progress)
        ? Math.max(0, Math.min(100, event.progress))
        : book.progress;
    return {
      ...book,
      ...(status ? { status: bookStatusLabel(book.type, status), generationStatus: status } : {}),
      ...(progress === undefined ? {} : { progress }),
      ...(event.step ? { currentStep: event.step } : {}),
    };
  });
  return { books: next, complete: found && !settled };
}

/** Parses one message's data; null when it is not a generation event. */
export function parseGenerationEvent(data: string): GenerationEventData | null {
  try {
    const value = JSON.parse(data) as Partial<Record<keyof GenerationProgressMessage, unknown>>;
    const { generationId, status, progress, step } = value;
    if (typeof generationId !== 'string' || generationId === '') return null;
    return {
      generationId,
      ...(isGenerationStatus(status) ? { status } : {}),
      ...(typeof progress === 'number' ? { progress } : {}),
      ...(typeof step === 'string' ? { step } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * True when a cached book list holds a book still being made (not done, failed or waiting for
 * its outline choice): what the stream will still report on.
 */
export function booksStillRunning(client: QueryClient): boolean {
  return client
    .getQueryCache()
    .findAll({ queryKey: [BOOKS_QUERY_ROOT] })
    .some(
      ({ state }) =>
        Array.isArray(state.data) &&
        (state.data as LiveBook[]).some(
          (book) =>
            book.generationStatus !== undefined && !SETTLED.has(bookStage(book.type, book.generationStatus)),
        ),
    );
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
