import type { GenerationEvent, GenerationKind, GenerationRequest } from '@studio/events';
import type { Emitted } from '../../platform/decider';
import { specFor, stateAfter } from '../../testing/decider-spec';
import { createOfflineProvider } from '../ai/offline';
import { generationDecider } from '../generation';
import type { GeneratorJob, GeneratorTools } from '../generators/generator';
import { TOOLS } from '../tools/registry';
import { renderOutline } from '../writing/book-text';
import { chargeIdOf, isResumable, plannedParts, resumeQuote } from './resume';
import { partKey } from './state';

const spec = specFor(generationDecider);
const coloring = { kind: 'coloring-book', input: { prompt: 'forest animals', bookLength: 10 } } as const;
const queued: Emitted<GenerationEvent> = {
  type: 'GenerationQueued',
  data: { generationId: 'g1', userId: 'u1', ...coloring },
};
const started: Emitted<GenerationEvent> = {
  type: 'GenerationStarted',
  data: {
    generationId: 'g1',
    userId: 'u1',
    ...coloring,
    phase: 'main',
    workerId: 'w1',
    deadline: '2026-01-01T00:10:00.000Z',
  },
};
const design = (n: number): Emitted<GenerationEvent> => ({
  type: 'GenerationPartRecorded',
  data: {
    generationId: 'g1',
    phase: 'main',
    part: `design-${n}`,
    blobId: `gen-g1-part-main-design-${n}.png`,
  },
});
const failed = (
  code: 'PROVIDER_ERROR' | 'REFUSED' = 'PROVIDER_ERROR',
  resumeRound?: number,
): Emitted<GenerationEvent> => ({
  type: 'GenerationFailed',
  data: {
    generationId: 'g1',
    userId: 'u1',
    kind: 'coloring-book',
    reason: 'x',
    code,
    ...(resumeRound ? { resumeRound } : {}),
  },
});
const resumeJob = (round = 1) =>
  ({ type: 'ResumeJob', generationId: 'g1', userId: 'u1', round, cost: 16 }) as const;
const resumed = (round = 1): Emitted<GenerationEvent> => ({
  type: 'GenerationResumed',
  data: { generationId: 'g1', userId: 'u1', kind: 'coloring-book', phase: 'main', round, cost: 16 },
});
const fail = {
  type: 'FailJob',
  generationId: 'g1',
  userId: 'u1',
  kind: 'coloring-book',
  reason: 'x',
  code: 'PROVIDER_ERROR',
} as const;
const failedWithThree = [queued, started, design(1), design(2), design(3), failed()];

describe('resuming a failed job', () => {
  it('prices what is left as a share of the job’s price, from the first missing part', () => {
    // 10 designs and the blurb: 11 parts, 8 left of a 20-credit book → ⌈20 × 8 ÷ 11⌉ = 15.
    const state = stateAfter(generationDecider, failedWithThree);
    expect(resumeQuote(state, 20)).toEqual({
      round: 1,
      from: 'design 4',
      credits: 15,
      partsLeft: 8,
      partsTotal: 11,
    });
    // The first missing part, wherever the parallel parts stopped.
    const gap = stateAfter(generationDecider, [queued, started, design(2), design(3), failed()]);
    expect(resumeQuote(gap, 20).from).toBe('design 1');
  });

  it('offers no resume for a refusal, a job without parts, one with every part, or one that did not fail', () => {
    const conflict = (events: Emitted<GenerationEvent>[]) => {
      const state = stateAfter(generationDecider, events);
      expect(isResumable(state)).toBe(false);
      expect(() => resumeQuote(state, 20)).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    };
    conflict([queued, started, design(1), failed('REFUSED')]);
    conflict([queued, started, failed()]);
    conflict([queued, started, ...Array.from({ length: 10 }, (_, i) => design(i + 1)), blurb, failed()]);
    conflict([queued, started, design(1)]);
    expect(isResumable(stateAfter(generationDecider, failedWithThree))).toBe(true);
  });

  it('given a failed job with parts, when its paid round is queued, then it waits in its phase again, once per round', () => {
    spec(failedWithThree).when(resumeJob()).then([resumed()]);
    spec([...failedWithThree, resumed()])
      .when(resumeJob())
      .thenNothing();
    spec([...failedWithThree, resumed()])
      .when(resumeJob(2))
      .thenNothing();
    const state = stateAfter(generationDecider, [...failedWithThree, resumed()]);
    expect(state).toMatchObject({ status: 'requested', phase: 'main', resumes: 1, releases: 0 });
    expect(state.parts?.[partKey('main', 'design-3')]).toBeDefined();
  });

  it('given a resumed round, when it fails, then the failure names the round, whose charge the refund returns', () => {
    spec([...failedWithThree, resumed(), { ...started }])
      .when(fail)
      .then([failed('PROVIDER_ERROR', 1)]);
    spec([queued, started]).when(fail).then([failed()]);
    expect(chargeIdOf('g1')).toBe('g1');
    expect(chargeIdOf('g1', 2)).toBe('g1-resume-2');
    // The next round is quoted on the same parts.
    const again = stateAfter(generationDecider, [
      ...failedWithThree,
      resumed(),
      started,
      failed('PROVIDER_ERROR', 1),
    ]);
    expect(resumeQuote(again, 20).round).toBe(2);
  });

  it('plans a Gen 2.0 book from its chosen, edited outline: the introduction, each chapter, the blurb and the cover', () => {
    const outline = renderOutline({
      approach: 'Practical',
      introduction: 'Why bees matter.',
      chapters: [
        { title: 'Hives', summary: 'How a hive works.' },
        { title: 'Honey', summary: 'How honey is made.' },
      ],
    });
    const job = {
      status: 'failed' as const,
      request: { kind: 'non-fiction-v2' as const, input: {} },
      phase: 'book' as const,
      outlines: ['', outline, ''],
      outlineIndex: 1,
      parts: {
        'main/outlines': { text: {} },
        'book/chapter-0': { text: {} },
        'book/chapter-1': { text: {} },
      },
    };
    expect(plannedParts(job)?.map((p) => `${p.part}:${p.label}`)).toEqual([
      'chapter-0:the introduction',
      'chapter-1:chapter 1',
      'chapter-2:chapter 2',
      'blurb:the back cover text',
      'cover-art:the cover',
    ]);
    // The outline phase's part is not the book phase's: 3 of 5 left of 20 credits.
    expect(resumeQuote(job, 20)).toMatchObject({
      from: 'chapter 2',
      credits: 12,
      partsLeft: 3,
      partsTotal: 5,
    });
  });

  it('refuses a Gen 2.0 book that failed while writing its outlines: there is nothing to continue from', () => {
    const state = stateAfter(generationDecider, [
      {
        ...queued,
        data: { generationId: 'g1', userId: 'u1', kind: 'non-fiction-v2', input: {} },
      } as Emitted<GenerationEvent>,
    ]);
    expect(plannedParts({ ...state, phase: 'main' })).toBeUndefined();
  });
});

const blurb: Emitted<GenerationEvent> = {
  type: 'GenerationPartRecorded',
  data: { generationId: 'g1', phase: 'main', part: 'blurb', text: 'A blurb.' },
};

/** The parts a generator records when it runs whole (offline provider, nothing recorded before). */
async function partsMadeBy<K extends GenerationKind>(
  request: Extract<GenerationRequest, { kind: K }>,
  job: Partial<GeneratorJob<K>> = {},
) {
  const made: string[] = [];
  const values = new Map<string, unknown>();
  const tools: GeneratorTools = {
    ai: createOfflineProvider(),
    signal: new AbortController().signal,
    progress: async () => {},
    readBlob: async () => Buffer.alloc(0),
    parts: {
      text: async (part, make) => {
        const text = await make();
        made.push(part);
        values.set(part, text);
        return text;
      },
      picture: async (part, make) => {
        const data = await make();
        made.push(part);
        return data;
      },
    },
  };
  const generator = TOOLS[request.kind].generator as NonNullable<(typeof TOOLS)[K]['generator']>;
  await generator({ generationId: 'g1', phase: 'main', ...request, ...job } as GeneratorJob<K>, tools);
  return { made, values };
}

describe('the planned parts are the parts the generators record', () => {
  it('non-fiction v1: the outline, every chapter, the blurb and the cover', async () => {
    const { made, values } = await partsMadeBy({
      kind: 'non-fiction',
      input: { title: 'Calm Mornings', description: 'A practical guide to calmer mornings' },
    });
    const plan = plannedParts({
      status: 'failed',
      request: { kind: 'non-fiction', input: {} },
      parts: { 'main/outlines': { text: values.get('outlines') } },
    });
    expect([...made].sort()).toEqual(plan?.map((p) => p.part).sort());
  }, 60_000);

  it('a coloring book: every design and the blurb', async () => {
    const { made } = await partsMadeBy({
      kind: 'coloring-book',
      input: { prompt: 'forest animals', bookLength: 10 },
    });
    const plan = plannedParts({ status: 'failed', request: coloring });
    expect([...made].sort()).toEqual(plan?.map((p) => p.part).sort());
  }, 60_000);

  it('a kids book: the story, the character, every page, the cover and the blurb', async () => {
    const input = {
      storyDescription: 'Pip the puppy learns to swim',
      characterName: 'Pip',
      characterGender: 'boy' as const,
    };
    const { made } = await partsMadeBy({ kind: 'kids-book', input });
    const plan = plannedParts({ status: 'failed', request: { kind: 'kids-book', input } });
    // The provider's reference picture, when it keeps one, is recorded with the character.
    expect([...made].filter((p) => p !== 'character-reference').sort()).toEqual(
      plan?.map((p) => p.part).sort(),
    );
  }, 120_000);
});
