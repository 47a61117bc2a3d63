// Gen 2.0 books as the API suites find them in the log, for the outline and brief suites.
import { accountStream, generationStream } from '@studio/events';
import { existingStream } from './api-spec';

/**
 * A Gen 2.0 book of a registered account, requested with `input` on the Standard plan, whose main
 * phase has offered its three `outlines`; `more` are further events of the book's stream.
 */
export const gen2BookWithOutlines = (
  userId: string,
  bookId: string,
  { input, outlines }: { input: object; outlines: [string, string, string] },
  ...more: Array<{ type: string; data: object }>
) => [
  existingStream(accountStream(userId), [
    {
      type: 'UserRegistered',
      data: { userId, name: 'Tess', email: `${userId.toLowerCase()}@example.com`, passwordHash: 'x' },
    },
    {
      type: 'GenerationRequested',
      data: {
        generationId: bookId,
        userId,
        kind: 'non-fiction-v2',
        input: { ...input },
        cost: 20,
        tier: 'Standard',
        requestedAt: '2026-01-01T00:00:00.000Z',
      },
    },
  ]),
  existingStream(generationStream(bookId), [
    {
      type: 'GenerationQueued',
      data: { generationId: bookId, userId, kind: 'non-fiction-v2', input: { ...input }, tier: 'Standard' },
    },
    {
      type: 'GenerationStarted',
      data: {
        generationId: bookId,
        userId,
        kind: 'non-fiction-v2',
        input: { ...input },
        phase: 'main',
        workerId: 'w',
        deadline: '2026-01-01T01:00:00.000Z',
        leaseExpiresAt: '2026-01-01T00:01:00.000Z',
      },
    },
    { type: 'GenerationOutlinesReady', data: { generationId: bookId, outlines } },
    ...more,
  ]),
];
