import { accountStream, type Event, generationStream } from '@studio/events';
import type { Emitted } from '../platform/decider';
import { newId } from '../platform/ids';
import { apiSpecification, existingStream } from '../testing/api-spec';

const api = apiSpecification();

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A finished 10-design coloring book of `userId`, named "Forest Friends" by "Tess". */
function finishedBook(userId: string, bookId = newId()) {
  const request = {
    kind: 'coloring-book' as const,
    input: { prompt: 'Cozy woodland animals', bookLength: 10 as const },
    tier: 'Standard' as const,
    author: 'Tess',
    requestedAt: ago(30 * 24 * HOUR),
  };
  const files = [{ blobId: `gen-${bookId}-pdf.pdf`, contentType: 'application/pdf', role: 'pdf', bytes: 10 }];
  return {
    bookId,
    account: [
      {
        type: 'GenerationRequested',
        data: { generationId: bookId, userId, cost: 80, ...request },
      },
    ] as Emitted<Event>[],
    stream: [
      { type: 'GenerationQueued', data: { generationId: bookId, userId, ...request } },
      {
        type: 'GenerationStarted',
        data: { generationId: bookId, userId, phase: 'main', workerId: 'w', deadline: ago(0), ...request },
      },
      {
        type: 'GenerationCompleted',
        data: {
          generationId: bookId,
          userId,
          kind: 'coloring-book',
          title: 'Forest Friends',
          artifacts: files,
        },
      },
    ] as Emitted<Event>[],
    /** Ten edits and their rebuilds' completions, recorded at `at`. */
    rebuiltTenTimes: (at: string) =>
      existingStream(
        generationStream(bookId),
        Array.from({ length: 10 }, (_, i) => rebuild(i + 1)).flat(),
        at,
      ),
    rebuild,
  };
  /** An edit (revision n) and its rebuild's completion. */
  function rebuild(revision: number): Emitted<Event>[] {
    return [
      {
        type: 'GenerationEdited',
        data: {
          generationId: bookId,
          userId,
          kind: 'coloring-book',
          revision,
          edits: { title: `T${revision}` },
        },
      },
      {
        type: 'GenerationCompleted',
        data: { generationId: bookId, userId, kind: 'coloring-book', artifacts: files },
      },
    ];
  }
}

/** The account of `userId` with `book` and the book's own stream. */
const accountWithBook = (userId: string, book: ReturnType<typeof finishedBook>) => [
  existingStream(accountStream(userId), [registered(userId), ...book.account]),
  existingStream(generationStream(book.bookId), book.stream),
];

const registered = (userId: string) => ({
  type: 'UserRegistered',
  data: { userId, name: 'Tess', email: `${userId}@example.com`, passwordHash: 'x' },
});

/** The book rebuilt ten times at `at`, then its owner's edit of its title. */
const editedAfterTenRebuilds = (userId: string, book: ReturnType<typeof finishedBook>, at: string) =>
  api
    .given(...accountWithBook(userId, book), book.rebuiltTenTimes(at))
    .signedInAs(userId)
    .when((http) => http.patch(`/api/books/${book.bookId}`).send({ title: 'One More Title' }));

describe('free book rebuilds are bounded: PATCH /api/books/{id}', () => {
  it('an edit that changes nothing appends nothing and answers 200 saying so', async () => {
    const userId = newId();
    const book = finishedBook(userId);
    await api
      .given(...accountWithBook(userId, book))
      .signedInAs(userId)
      .when((http) =>
        http
          .patch(`/api/books/${book.bookId}`)
          .send({ title: ' Forest Friends ', author: 'Tess', subtitle: '' }),
      )
      .then({
        status: 200,
        body: {
          id: book.bookId,
          unchanged: true,
          generationStatus: 'completed',
          message: 'Nothing changed: the book keeps its files.',
        },
        newEvents: {},
      });
  });

  it('the eleventh rebuild of a book within 24 hours is a 429 with Retry-After, and records nothing', async () => {
    const userId = newId();
    const book = finishedBook(userId);
    const response = await editedAfterTenRebuilds(userId, book, ago(2 * HOUR)).then({
      status: 429,
      body: {
        error: 'RATE_LIMITED',
        message:
          'This book was rebuilt 10 times in the last 24 hours, the most it is rebuilt for free. You can save new changes in about 22 hours.',
      },
      newEvents: {},
    });
    // The oldest of the ten leaves the window 22 hours from now.
    expect(Math.abs(Number(response.headers['retry-after']) - 22 * 3600)).toBeLessThan(120);
  });

  it('rebuilds older than 24 hours no longer count', async () => {
    const userId = newId();
    const book = finishedBook(userId);
    await editedAfterTenRebuilds(userId, book, ago(25 * HOUR)).then({
      status: 202,
      newEvents: {
        [generationStream(book.bookId)]: [
          {
            type: 'GenerationEdited',
            data: {
              generationId: book.bookId,
              userId,
              kind: 'coloring-book',
              revision: 11,
              edits: { title: 'One More Title' },
            },
          },
        ],
      },
    });
  });

  it('while one of an account’s books is being rebuilt, another of its books waits (409) and nothing is recorded', async () => {
    const userId = newId();
    const first = finishedBook(userId);
    const second = finishedBook(userId);
    await api
      .given(
        existingStream(accountStream(userId), [registered(userId), ...first.account, ...second.account]),
        existingStream(generationStream(first.bookId), [...first.stream, ...first.rebuild(1).slice(0, 1)]),
        existingStream(generationStream(second.bookId), second.stream),
      )
      .signedInAs(userId)
      .when((http) => http.patch(`/api/books/${second.bookId}`).send({ title: 'Another Title' }))
      .then({
        status: 409,
        body: {
          error: 'CONFLICT',
          message: 'Another of your books is being rebuilt. Save these changes once it is done.',
        },
        newEvents: {},
      });
  });
});
