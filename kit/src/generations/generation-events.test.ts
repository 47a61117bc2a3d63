import { QueryClient } from '@tanstack/query-core';
import {
  applyGenerationEvent,
  applyToBookQueries,
  bookStatusLabel,
  parseGenerationEvent,
} from './generation-events';

const books = [
  { id: 'g1', type: 'kids-book', status: 'In progress', progress: 10 },
  { id: 'g2', type: 'non-fiction-v2', status: 'In progress (outline creation)', progress: 0 },
];

describe('generation stream → book lists', () => {
  it('translates the generation vocabulary into the docs/product/creation-tools-qr.md (States) labels', () => {
    expect(bookStatusLabel('kids-book', 'running')).toBe('In progress');
    expect(bookStatusLabel('non-fiction-v2', 'running')).toBe('In progress (outline creation)');
    expect(bookStatusLabel('non-fiction-v2', 'outlines-ready')).toBe('Outline finished');
    expect(bookStatusLabel('non-fiction-v2', 'book-running')).toBe('In progress (book creation)');
    expect(bookStatusLabel('kids-book', 'completed')).toBe('Done');
    expect(bookStatusLabel('kids-book', 'failed')).toBe('ERROR');
    expect(bookStatusLabel('kids-book', 'In progress')).toBe('In progress');
  });

  it('patches progress, status and step of the named book only', () => {
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
      progress: 55,
      currentStep: 'Page 13 of 24',
    });
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

  it('parses event data, ignoring what is not a generation event', () => {
    expect(parseGenerationEvent('{"generationId":"g1","status":"running","progress":3,"step":"x"}')).toEqual({
      generationId: 'g1',
      status: 'running',
      progress: 3,
      step: 'x',
    });
    expect(parseGenerationEvent('not json')).toBeNull();
    expect(parseGenerationEvent('{"progress":3}')).toBeNull();
  });

  it("reads the status from the event's type when the stream names the event instead", () => {
    const parse = (type: string) =>
      parseGenerationEvent(JSON.stringify({ generationId: 'g1', type, progress: 50 }))?.status;
    expect(parse('GenerationCompleted')).toBe('completed');
    expect(parse('GenerationFailed')).toBe('failed');
    expect(parse('GenerationOutlinesReady')).toBe('outlines-ready');
    expect(parse('GenerationOutlineChosen')).toBe('outline-chosen');
    expect(parse('GenerationProgressed')).toBeUndefined();
    expect(parse('GenerationStarted')).toBeUndefined();
    // An edited book goes back to In progress while its files are rebuilt, then Done again.
    expect(parse('GenerationEdited')).toBe('rebuild-requested');
    expect(bookStatusLabel('kids-book', 'rebuild-requested')).toBe('In progress');
    expect(bookStatusLabel('non-fiction-v2', 'rebuilding')).toBe('In progress');
    expect(parse('GenerationRebuildFailed')).toBe('completed');
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
