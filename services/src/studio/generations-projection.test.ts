import type { GenerationEvent, GenerationRequested } from '@studio/events';
import { GIVEN_AT, type GivenEvent, projectionSpec } from '../testing/projection-spec';
import { GENERATIONS, type GenerationDoc, generationsProjection } from './generations-projection';

const spec = projectionSpec<GenerationEvent | GenerationRequested>(generationsProjection);
const LATER = '2026-01-01T00:05:00.000Z';
const g = 'g1';

const requested: GivenEvent<GenerationRequested> = {
  stream: 'account-u1',
  type: 'GenerationRequested',
  data: {
    generationId: g,
    userId: 'u1',
    kind: 'non-fiction-v2',
    input: { title: 'T', description: 'D', numChapters: 3, includeIntroduction: true },
    cost: 8,
  },
};
const started = (phase: 'main' | 'book', at = LATER): GivenEvent<GenerationEvent> => ({
  stream: `generation-${g}`,
  at,
  type: 'GenerationStarted',
  data: {
    generationId: g,
    userId: 'u1',
    kind: 'non-fiction-v2',
    phase,
    workerId: 'w1',
    input: { title: 'T', description: 'D', numChapters: 3, includeIntroduction: true },
    deadline: '2026-01-01T00:15:00.000Z',
  },
});
/** An event of the generation's own stream, five minutes after the request. */
const later = <T extends GenerationEvent['type']>(
  type: T,
  data: Extract<GenerationEvent, { type: T }>['data'],
): GivenEvent<GenerationEvent> =>
  ({ stream: `generation-${g}`, at: LATER, type, data }) as GivenEvent<GenerationEvent>;
type Tokens = { inputTokens: number; outputTokens: number; costUsd: number };
/** What one call to the text model cost. */
const textCall = (tokens: Tokens) => ({ model: 'gpt-4o-mini', call: 'text' as const, images: 0, ...tokens });
/** What one call to the image model cost, and how many images it made. */
const imageCall = (tokens: Tokens & { images: number }) => ({
  model: 'gpt-image-1',
  call: 'image' as const,
  ...tokens,
});
const queued: GenerationDoc = {
  _id: g,
  userId: 'u1',
  kind: 'non-fiction-v2',
  input: { title: 'T', description: 'D', numChapters: 3, includeIntroduction: true },
  cost: 8,
  status: 'requested',
  progress: 0,
  step: 'Queued',
  createdAt: GIVEN_AT,
  updatedAt: GIVEN_AT,
  artifacts: [],
};
const running: GenerationDoc = {
  ...queued,
  status: 'running',
  step: 'Started',
  deadline: '2026-01-01T00:15:00.000Z',
  updatedAt: LATER,
};

describe('generations projection', () => {
  it('requested: a queued document with the request', () =>
    spec.given([requested]).then({ [GENERATIONS]: [queued] }));

  it('started: running, with the deadline', () =>
    spec.given([requested, started('main')]).then({ [GENERATIONS]: [running] }));

  it('progressed: the progress and the step', () =>
    spec
      .given([
        requested,
        started('main'),
        later('GenerationProgressed', { generationId: g, progress: 40, step: 'Writing chapter 2' }),
      ])
      .then({ [GENERATIONS]: [{ ...running, progress: 40, step: 'Writing chapter 2' }] }));

  const outlines = later('GenerationOutlinesReady', {
    generationId: g,
    outlines: ['A', 'B', 'C'],
  });
  const outlinesReady = {
    ...running,
    status: 'outlines-ready' as const,
    outlines: ['A', 'B', 'C'],
    progress: 100,
    step: 'Outlines ready',
  };
  const chosen = later('GenerationOutlineChosen', {
    generationId: g,
    outlineIndex: 2,
  });
  const outlineChosen = {
    ...outlinesReady,
    status: 'outline-chosen' as const,
    outlineIndex: 2,
    progress: 0,
    step: 'Queued',
  };

  it('outlines ready: the three outlines, waiting for a choice', () =>
    spec.given([requested, started('main'), outlines]).then({ [GENERATIONS]: [outlinesReady] }));

  it('outline chosen: the index, queued for the book phase', () =>
    spec.given([requested, started('main'), outlines, chosen]).then({ [GENERATIONS]: [outlineChosen] }));

  it('started again for the book phase: book-running', () =>
    spec
      .given([requested, started('main'), outlines, chosen, started('book')])
      .then({ [GENERATIONS]: [{ ...outlineChosen, status: 'book-running', step: 'Started' }] }));

  /** The book finished as "The Book", with these files (and a result, when it has one). */
  const completed = (artifacts: GenerationDoc['artifacts'], result?: GenerationDoc['result']) =>
    later('GenerationCompleted', {
      generationId: g,
      userId: 'u1',
      kind: 'non-fiction-v2',
      title: 'The Book',
      artifacts,
      ...(result ? { result } : {}),
    });
  const done = { ...running, status: 'completed' as const, progress: 100, step: 'Done', title: 'The Book' };

  it('completed: done, with artifacts, title and result', () => {
    const artifacts = [
      { blobId: `gen-${g}-pdf.pdf`, contentType: 'application/pdf', role: 'pdf', bytes: 1234 },
    ];
    return spec.given([requested, started('main'), completed(artifacts, { pages: 3 })]).then({
      [GENERATIONS]: [{ ...done, artifacts, result: { pages: 3 } }],
    });
  });

  it('a chapter of a finished book written again adds what its calls cost, and nothing else', () =>
    spec
      .given([
        requested,
        started('main'),
        completed([]),
        later('GenerationPartVersionRecorded', {
          generationId: g,
          regenerationId: 'rg-1',
          part: 'chapter-1',
          version: 2,
          value: { title: 'One', paragraphs: ['New.'] },
          usage: [textCall({ inputTokens: 900, outputTokens: 400, costUsd: 0.0004 })],
        }),
      ])
      .then({
        [GENERATIONS]: [
          {
            ...done,
            artifacts: [],
            ai: { calls: 1, costUsd: 0.0004, inputTokens: 900, outputTokens: 400, images: 0 },
          },
        ],
      }));

  it('failed: the reason (for the admin) and its code (for the user’s words), and what its calls cost', () =>
    spec
      .given([
        requested,
        started('main'),
        later('GenerationPartRecorded', {
          generationId: g,
          phase: 'main',
          part: 'chapter-1',
          text: 'x',
          usage: [textCall({ inputTokens: 1000, outputTokens: 500, costUsd: 0.00045 })],
        }),
        later('GenerationFailed', {
          generationId: g,
          userId: 'u1',
          kind: 'non-fiction-v2',
          reason: 'Your request was rejected as a result of our safety system',
          code: 'REFUSED',
          usage: [
            imageCall({ inputTokens: 50, outputTokens: 4160, images: 1, costUsd: 0.16665 }),
            imageCall({ inputTokens: 50, outputTokens: 0, images: 0, costUsd: 0.00025 }),
          ],
        }),
      ])
      .then({
        [GENERATIONS]: [
          {
            ...running,
            status: 'failed',
            step: 'Failed',
            error: 'Your request was rejected as a result of our safety system',
            failureCode: 'REFUSED',
            ai: {
              calls: 3,
              costUsd: 0.00045 + 0.16665 + 0.00025,
              inputTokens: 1100,
              outputTokens: 4660,
              images: 1,
            },
          },
        ],
      }));

  it('a part without calls of its own (a resumed job’s) changes nothing', () =>
    spec
      .given([
        requested,
        started('main'),
        later('GenerationPartRecorded', { generationId: g, phase: 'main', part: 'chapter-1', text: 'x' }),
      ])
      .then({ [GENERATIONS]: [running] }));
});
