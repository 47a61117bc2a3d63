import type { GenerationEvent, GenerationFailureCode } from '@studio/events';
import type { Emitted } from '../../platform/decider';
import { specFor } from '../../testing/decider-spec';
import { generationDecider } from '../generation';

/** Regenerating one part of a finished book, on the book's stream (events given at 00:00). */
const spec = specFor(generationDecider);
const chapter = (title: string, text: string) => ({ title, paragraphs: [text] });
const finished: Emitted<GenerationEvent>[] = [
  {
    type: 'GenerationQueued',
    data: {
      generationId: 'b1',
      userId: 'u1',
      kind: 'non-fiction',
      input: { title: 'Bees', description: 'Hives' },
    },
  },
  {
    type: 'GenerationStarted',
    data: {
      generationId: 'b1',
      userId: 'u1',
      kind: 'non-fiction',
      input: { title: 'Bees', description: 'Hives' },
      phase: 'main',
      workerId: 'w1',
      deadline: '2026-01-01T00:10:00.000Z',
    },
  },
  {
    type: 'GenerationCompleted',
    data: {
      generationId: 'b1',
      userId: 'u1',
      kind: 'non-fiction',
      title: 'Bees',
      artifacts: [],
      result: {
        manuscript: [
          { title: 'Introduction', paragraphs: ['Why bees.'] },
          { title: 'Hives', label: 'Chapter 1', paragraphs: ['Hives are homes.'] },
        ],
      },
    },
  },
];
const regenerate = (regenerationId: string, at = '2026-01-01T00:01:00.000Z') =>
  ({
    type: 'RegeneratePart',
    generationId: 'b1',
    userId: 'u1',
    regenerationId,
    part: 'chapter-2',
    instruction: 'more practical',
    cost: 10,
    at,
  }) as const;
const requested = (regenerationId: string, original = true): Emitted<GenerationEvent> => ({
  type: 'GenerationPartRegenerationRequested',
  data: {
    generationId: 'b1',
    userId: 'u1',
    kind: 'non-fiction',
    regenerationId,
    part: 'chapter-2',
    instruction: 'more practical',
    cost: 10,
    ...(original ? { original: chapter('Hives', 'Hives are homes.') } : {}),
  },
});
const recorded = (regenerationId: string, version: number): Emitted<GenerationEvent> => ({
  type: 'GenerationPartVersionRecorded',
  data: {
    generationId: 'b1',
    regenerationId,
    part: 'chapter-2',
    version,
    value: chapter('Hives', `Version ${version}.`),
  },
});
const failed = (
  regenerationId: string,
  code: GenerationFailureCode,
  reason: string,
): Emitted<GenerationEvent> => ({
  type: 'GenerationPartRegenerationFailed',
  data: { generationId: 'b1', userId: 'u1', regenerationId, part: 'chapter-2', code, reason },
});
const record = (regenerationId: string, version: number) =>
  ({
    type: 'RecordPartVersion',
    generationId: 'b1',
    regenerationId,
    value: chapter('Hives', `Version ${version}.`),
    at: '2026-01-01T00:02:00.000Z',
  }) as const;

describe('regenerating a part of a finished book', () => {
  it('the first request keeps the part as it is as the original, version 1', () => {
    spec(finished)
      .when(regenerate('r1'))
      .then([requested('r1')]);
  });

  it('the same request again is nothing new, while it runs and once it is done', () => {
    spec([...finished, requested('r1')])
      .when(regenerate('r1'))
      .thenNothing();
    spec([...finished, requested('r1'), recorded('r1', 2)])
      .when(regenerate('r1'))
      .thenNothing();
  });

  it('another request while one of the same part runs is refused; after its deadline it replaces it', () => {
    spec([...finished, requested('r1')])
      .when(regenerate('r2'))
      .thenError('CONFLICT');
    spec([...finished, requested('r1')])
      .when(regenerate('r2', '2026-01-01T00:10:00.000Z'))
      .then([failed('r1', 'TIMEOUT', 'It took too long and was stopped.'), requested('r2', false)]);
  });

  it('a later request after a version was made numbers the next one, without a second original', () => {
    spec([...finished, requested('r1'), recorded('r1', 2)])
      .when(regenerate('r2'))
      .then([requested('r2', false)]);
    spec([...finished, requested('r1'), recorded('r1', 2), requested('r2', false)])
      .when(record('r2', 3))
      .then([recorded('r2', 3)]);
  });

  it('a version is recorded once, and never for a failed or unknown regeneration', () => {
    spec([...finished, requested('r1')])
      .when(record('r1', 2))
      .then([recorded('r1', 2)]);
    spec([...finished, requested('r1'), recorded('r1', 2)])
      .when(record('r1', 2))
      .thenNothing();
    spec(finished).when(record('r9', 2)).thenNothing();
    spec([...finished, requested('r1')])
      .when({
        type: 'FailPartRegeneration',
        generationId: 'b1',
        regenerationId: 'r1',
        code: 'REFUSED',
        reason: 'no',
      })
      .then([failed('r1', 'REFUSED', 'no')]);
  });

  it("someone else's book, a part it does not have, or a book not finished are refused", () => {
    spec(finished)
      .when({ ...regenerate('r1'), userId: 'u2' })
      .thenError('NOT_FOUND');
    spec(finished)
      .when({ ...regenerate('r1'), part: 'chapter-3' })
      .thenError('NOT_FOUND');
    spec(finished.slice(0, 2)).when(regenerate('r1')).thenError('CONFLICT');
  });
});
