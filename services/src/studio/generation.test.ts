import type { GenerationEvent } from '@studio/events';
import type { Emitted } from '../platform/decider';
import { specFor } from '../platform/decider-spec';
import { generationDecider } from './generation';

const spec = specFor(generationDecider);
const deadline = '2026-01-01T00:10:00.000Z';
const input = {
  title: 'Bees',
  description: 'All about bees and their hives',
  numChapters: 5,
  includeIntroduction: true,
};
const claim = (phase: 'main' | 'book' = 'main') =>
  ({
    type: 'ClaimJob',
    phase,
    generationId: 'g1',
    userId: 'recA',
    request: { kind: 'non-fiction-v2', input },
    workerId: 'w1',
    deadline,
  }) as const;
const started = (phase: 'main' | 'book' = 'main'): Emitted<GenerationEvent> => ({
  type: 'GenerationStarted',
  data: {
    generationId: 'g1',
    userId: 'recA',
    kind: 'non-fiction-v2',
    phase,
    workerId: 'w1',
    input,
    deadline,
  },
});
const completed: Emitted<GenerationEvent> = {
  type: 'GenerationCompleted',
  data: { generationId: 'g1', userId: 'recA', kind: 'non-fiction-v2', artifacts: [] },
};
const failed: Emitted<GenerationEvent> = {
  type: 'GenerationFailed',
  data: { generationId: 'g1', userId: 'recA', kind: 'non-fiction-v2', reason: 'x', code: 'PROVIDER_ERROR' },
};
const outlines: Emitted<GenerationEvent> = {
  type: 'GenerationOutlinesReady',
  data: { generationId: 'g1', outlines: ['a', 'b', 'c'] },
};
const fail = {
  type: 'FailJob',
  generationId: 'g1',
  userId: 'recA',
  kind: 'non-fiction-v2',
  reason: 'boom',
  code: 'PROVIDER_ERROR',
} as const;

describe('generation decider', () => {
  it('given a new job, when a worker claims it, then it starts', () => {
    spec([]).when(claim()).then([started()]);
  });

  it('given a started job, when another worker claims it, then nothing (the duplicate is skipped)', () => {
    spec([started()]).when(claim()).thenNothing();
  });

  it('given a finished job, when it is claimed again, then nothing', () => {
    spec([started(), completed]).when(claim()).thenNothing();
    spec([started(), failed]).when(claim()).thenNothing();
  });

  it('given a running job, when it completes, then GenerationCompleted carries owner and kind', () => {
    spec([started()]).when({ type: 'CompleteJob', generationId: 'g1', artifacts: [] }).then([completed]);
  });

  it('given a completed job, when it completes or fails again, then nothing', () => {
    spec([started(), completed])
      .when({ type: 'CompleteJob', generationId: 'g1', artifacts: [] })
      .thenNothing();
    spec([started(), completed]).when(fail).thenNothing();
  });

  it('given a failed job, when the failure is reported twice, then only one failure exists', () => {
    spec([started(), failed]).when(fail).thenNothing();
  });

  it('given a job no worker claimed, when it times out, then it fails with the request owner', () => {
    spec([])
      .when({ ...fail, code: 'TIMEOUT', reason: 'timed out' })
      .then([
        {
          ...failed,
          data: { ...(failed.data as object), reason: 'timed out', code: 'TIMEOUT' },
        } as Emitted<GenerationEvent>,
      ]);
  });

  it('clamps progress to 0..100 and ignores it once finished', () => {
    spec([started()])
      .when({ type: 'ReportProgress', generationId: 'g1', progress: 140.2, step: 'Rendering' })
      .then([
        { type: 'GenerationProgressed', data: { generationId: 'g1', progress: 100, step: 'Rendering' } },
      ]);
    spec([started(), completed])
      .when({ type: 'ReportProgress', generationId: 'g1', progress: 50, step: 'x' })
      .thenNothing();
  });

  describe('Gen 2.0 two phases', () => {
    it('given outlines are ready, when the owner chooses one, then the book phase can be claimed', () => {
      spec([started(), outlines])
        .when({ type: 'ChooseOutline', generationId: 'g1', userId: 'recA', outlineIndex: 2 })
        .then([{ type: 'GenerationOutlineChosen', data: { generationId: 'g1', outlineIndex: 2 } }]);
      spec([
        started(),
        outlines,
        { type: 'GenerationOutlineChosen', data: { generationId: 'g1', outlineIndex: 2 } },
      ])
        .when(claim('book'))
        .then([started('book')]);
    });

    it('refuses another user choosing an outline, and a choice before the outlines exist', () => {
      spec([started(), outlines])
        .when({ type: 'ChooseOutline', generationId: 'g1', userId: 'recB', outlineIndex: 0 })
        .thenError('NOT_FOUND');
      spec([started()])
        .when({ type: 'ChooseOutline', generationId: 'g1', userId: 'recA', outlineIndex: 0 })
        .thenError('CONFLICT');
    });

    it('treats choosing the same outline twice as one choice', () => {
      spec([
        started(),
        outlines,
        { type: 'GenerationOutlineChosen', data: { generationId: 'g1', outlineIndex: 1 } },
      ])
        .when({ type: 'ChooseOutline', generationId: 'g1', userId: 'recA', outlineIndex: 1 })
        .thenNothing();
    });

    it('cannot claim the book phase before an outline is chosen', () => {
      spec([started(), outlines]).when(claim('book')).thenNothing();
    });
  });
});
