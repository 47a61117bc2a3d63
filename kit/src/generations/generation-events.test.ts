import { QueryClient } from '@tanstack/query-core';
import {
  applyGenerationEvent,
  applyToBookQueries,
  booksStillRunning,
  parseGenerationEvent,
} from './generation-events';

const books = [
  {
    id: 'g1',
    type: 'kids-book',
    status: 'In progress',
    generationStatus: 'requested' as const,
    progress: 10,
  },
  {
    id: 'g2',
    type: 'non-fiction-v2',
    status: 'In progress (outline creation)',
    generationStatus: 'running' as const,
    progress: 0,
  },
];

describe('generation stream → book lists', () => {
  it('patches progress, status (with its words for the book’s kind) and step of the named book only', () => {
    const { books: next, complete } = applyGenerationEvent(books, {
      generationId: 'g1',
      status: 'running',
      progress: 55,
      step: 'Page 13 of 24',
    });
    expect(next[0]).toEqual({
      id: 'g1',
      type: 'kids-book',
      status: 'In progress',
      generationStatus: 'running',
      progress: 55,
      currentStep: 'Page 13 of 24',
    });
    const chosen = applyGenerationEvent(books, { generationId: 'g2', status: 'book-running' }).books[1];
    expect(chosen).toMatchObject({ status: 'In progress (book creation)', generationStatus: 'book-running' });
    expect(next[1]).toBe(books[1]);
    expect(complete).toBe(true);
  });

  it('clamps progress to 0..100', () => {
    expect(applyGenerationEvent(books, { generationId: 'g1', progress: 140 }).books[0]?.progress).toBe(100);
  });

  it('asks for a refetch when a book settles or is not listed', () => {
    expect(
      applyGenerationEvent(books, { generationId: 'g1', status: 'completed', progress: 100 }).complete,
    ).toBe(false);
    expect(applyGenerationEvent(books, { generationId: 'g2', status: 'outlines-ready' }).complete).toBe(
      false,
    );
    expect(applyGenerationEvent(books, { generationId: 'other', progress: 5 }).complete).toBe(false);
  });

  it('parses event data, ignoring what is not a generation event and a status outside the vocabulary', () => {
    expect(
      parseGenerationEvent(
        '{"generationId":"g1","type":"GenerationStarted","status":"running","progress":3,"step":"x","at":"t"}',
      ),
    ).toEqual({ generationId: 'g1', status: 'running', progress: 3, step: 'x' });
    expect(parseGenerationEvent('{"generationId":"g1","status":"Done"}')).toEqual({ generationId: 'g1' });
    expect(parseGenerationEvent('not json')).toBeNull();
    expect(parseGenerationEvent('{"progress":3}')).toBeNull();
  });

  it('a finished rebuild (completed again) settles the book and refetches its new files', () => {
    const rebuilding = [{ ...books[0]!, generationStatus: 'rebuilding' as const }];
    const after = applyGenerationEvent(rebuilding, { generationId: 'g1', status: 'completed' });
    expect(after.books[0]).toMatchObject({ status: 'Done', generationStatus: 'completed' });
    expect(after.complete).toBe(false);
  });

  it('updates every cached book list; an unknown id refetches once, not on every event', () => {
    const client = new QueryClient();
    const all = ['/api/airtable/books', 'u1'];
    const inProgress = ['/api/airtable/books', 'u1', 'status', 'in-progress'];
    client.setQueryData(all, books);
    client.setQueryData(inProgress, books);
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    const unknown = new Set<string>();

    applyToBookQueries(client, { generationId: 'g1', progress: 42 }, unknown);
    expect((client.getQueryData(all) as typeof books)[0]?.progress).toBe(42);
    expect((client.getQueryData(inProgress) as typeof books)[0]?.progress).toBe(42);
    expect(invalidate).not.toHaveBeenCalled();

    applyToBookQueries(client, { generationId: 'image-9', progress: 10 }, unknown);
    applyToBookQueries(client, { generationId: 'image-9', progress: 20 }, unknown);
    expect(invalidate).toHaveBeenCalledTimes(1);

    applyToBookQueries(client, { generationId: 'g1', status: 'completed', progress: 100 }, unknown);
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['/api/airtable/books'] });
  });
});

describe('books still being made (the safety refetch while the stream is up)', () => {
  const listed = (client: QueryClient, list: unknown) =>
    client.setQueryData(['/api/airtable/books', 'u1'], list);

  it('is true while a cached list has a book in progress, false once every book is settled', () => {
    const client = new QueryClient();
    expect(booksStillRunning(client)).toBe(false);
    listed(client, books);
    expect(booksStillRunning(client)).toBe(true);
    listed(client, [
      { id: 'g1', type: 'kids-book', status: 'Done', generationStatus: 'completed' },
      { id: 'g2', type: 'non-fiction-v2', status: 'Outline finished', generationStatus: 'outlines-ready' },
      { id: 'g3', type: 'coloring-book', status: 'ERROR', generationStatus: 'failed' },
    ]);
    expect(booksStillRunning(client)).toBe(false);
  });

  it('counts a book being rebuilt after an edit as still being made', () => {
    const client = new QueryClient();
    listed(client, [
      { id: 'g1', type: 'non-fiction', status: 'In progress', generationStatus: 'rebuilding' },
    ]);
    expect(booksStillRunning(client)).toBe(true);
  });
});
