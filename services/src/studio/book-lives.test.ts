import type { GenerationEvent, GenerationRequest } from '@studio/events';
import type { Emitted } from '../platform/decider';
import { specFor } from '../testing/decider-spec';
import { claim, deadline, leaseExpiresAt } from '../testing/generation-job';
import { generationDecider } from './generation';

/** Each book tool's life on its generation stream: requested → (outlines → picked →) writing → done or failed. */
const spec = specFor(generationDecider);
const REQUESTS: GenerationRequest[] = [
  { kind: 'non-fiction', input: { title: 'Bees', description: 'All about bees' } },
  { kind: 'coloring-book', input: { prompt: 'Cats', bookLength: 10 } },
  {
    kind: 'kids-book',
    input: { storyDescription: 'Pip learns to swim', characterName: 'Pip', characterGender: 'boy' },
  },
];
const queued = (request: GenerationRequest): Emitted<GenerationEvent> => ({
  type: 'GenerationQueued',
  data: { generationId: 'g1', userId: 'recA', ...request },
});
const started = (request: GenerationRequest, phase: 'main' | 'book' = 'main'): Emitted<GenerationEvent> => ({
  type: 'GenerationStarted',
  data: { generationId: 'g1', userId: 'recA', phase, workerId: 'w1', deadline, leaseExpiresAt, ...request },
});
const artifacts = [{ blobId: 'gen-g1-pdf.pdf', contentType: 'application/pdf', role: 'pdf', bytes: 10 }];

describe.each(REQUESTS)('the life of a $kind', (request) => {
  it('requested → writing (progress) → done with its files', () => {
    spec([queued(request)])
      .when(claim())
      .then([started(request)]);
    spec([started(request)])
      .when({ type: 'ReportProgress', generationId: 'g1', progress: 40, step: 'Writing' })
      .then([{ type: 'GenerationProgressed', data: { generationId: 'g1', progress: 40, step: 'Writing' } }]);
    spec([started(request)])
      .when({ type: 'CompleteJob', generationId: 'g1', artifacts, title: 'T' })
      .then([
        {
          type: 'GenerationCompleted',
          data: { generationId: 'g1', userId: 'recA', kind: request.kind, artifacts, title: 'T' },
        },
      ]);
  });

  it('writing → failed (a failed preflight or provider), once', () => {
    const failure = {
      type: 'FailJob',
      generationId: 'g1',
      userId: 'recA',
      kind: request.kind,
      reason: 'The interior PDF failed the KDP preflight: odd page count',
      code: 'PROVIDER_ERROR',
    } as const;
    spec([started(request)])
      .when(failure)
      .then([
        {
          type: 'GenerationFailed',
          data: {
            generationId: 'g1',
            userId: 'recA',
            kind: request.kind,
            reason: failure.reason,
            code: 'PROVIDER_ERROR',
          },
        },
      ]);
    spec([
      started(request),
      {
        type: 'GenerationFailed',
        data: { generationId: 'g1', userId: 'recA', kind: request.kind, reason: 'x', code: 'PROVIDER_ERROR' },
      },
    ])
      .when(failure)
      .thenNothing();
  });

  it('has no outlines to choose from', () => {
    spec([started(request)])
      .when({ type: 'ChooseOutline', generationId: 'g1', userId: 'recA', outlineIndex: 0 })
      .thenError('CONFLICT');
  });
});

describe('the life of a Gen 2.0 book', () => {
  const request: GenerationRequest = {
    kind: 'non-fiction-v2',
    input: {
      title: 'Bees',
      description: 'All about bees and hives',
      numChapters: 3,
      includeIntroduction: true,
    },
  };
  const outlines: Emitted<GenerationEvent> = {
    type: 'GenerationOutlinesReady',
    data: { generationId: 'g1', outlines: ['a', 'b', 'c'] },
  };
  const chosen: Emitted<GenerationEvent> = {
    type: 'GenerationOutlineChosen',
    data: { generationId: 'g1', outlineIndex: 1 },
  };

  it('requested → outlines → picked → writing → done', () => {
    spec([started(request)])
      .when({ type: 'RecordOutlines', generationId: 'g1', outlines: ['a', 'b', 'c'] })
      .then([outlines]);
    spec([started(request), outlines])
      .when({ type: 'ChooseOutline', generationId: 'g1', userId: 'recA', outlineIndex: 1 })
      .then([chosen]);
    spec([started(request), outlines, chosen])
      .when(claim('book'))
      .then([started(request, 'book')]);
    spec([started(request), outlines, chosen, started(request, 'book')])
      .when({ type: 'CompleteJob', generationId: 'g1', artifacts })
      .then([
        {
          type: 'GenerationCompleted',
          data: { generationId: 'g1', userId: 'recA', kind: 'non-fiction-v2', artifacts },
        },
      ]);
  });

  it('a book being written cannot switch to another outline, and outlines are not recorded twice', () => {
    spec([started(request), outlines, chosen, started(request, 'book')])
      .when({ type: 'ChooseOutline', generationId: 'g1', userId: 'recA', outlineIndex: 2 })
      .thenError('CONFLICT');
    spec([started(request), outlines])
      .when({ type: 'RecordOutlines', generationId: 'g1', outlines: ['x', 'y', 'z'] })
      .thenNothing();
  });
});
