import { rmSync } from 'node:fs';
import { accountStream, type GenerationStarted, generationStream, type RecordedEvent } from '@studio/events';
import { closePlatform, openPlatform } from '../main/platform';
import { type Clock, systemClock } from '../platform/clock';
import { loadConfig } from '../platform/config';
import { newEventId } from '../platform/ids';
import { createLogger } from '../platform/logging';
import { capturingLogger } from '../testing/helpers';
import { ctx, setupJob } from '../testing/worker.fixture';
import { createOfflineProvider } from './ai/offline';
import type { AiProvider } from './ai/provider';
import { ProviderError } from './ai/provider';
import { generationDecider } from './generation';
import type { GeneratorTools } from './generators/generator';
import { type JobMessage, jobsFor } from './jobs';
import { refundProcessManager } from './refunds';
import { TOOLS } from './tools/registry';
import { createJobHandler } from './worker';

const setup = setupJob;

/** A coloring-page generator that keeps every job it is given and makes nothing. */
function recordingColoringPage() {
  const jobs: object[] = [];
  const tools = {
    'coloring-page': {
      generator: async (job: object) => {
        jobs.push(job);
        return { files: [] };
      },
    },
  };
  return { jobs, tools };
}

const events = async (
  runtime: { eventStore: { readStream(s: string): Promise<RecordedEvent[]> } },
  id: string,
) => runtime.eventStore.readStream(generationStream(id));
/** The job's message handled once and the runtime disposed; the last event of the job's stream. */
const runOnce = async ({ runtime, message, handle, started }: Awaited<ReturnType<typeof setup>>) => {
  try {
    await handle(message);
    return (await events(runtime, started.generationId)).at(-1);
  } finally {
    await runtime.dispose();
  }
};

describe('worker runner', () => {
  it('the same bus message delivered twice produces one generation result', async () => {
    let generatorRuns = 0;
    const blobWrites: string[] = [];
    const paint = TOOLS['coloring-page'].generator!;
    const { runtime, message, handle, types, started } = await setup(createOfflineProvider(), 10_000, {
      tools: {
        'coloring-page': {
          generator: async (job, tools) => {
            generatorRuns += 1;
            return paint(job, tools);
          },
        },
      },
      blobs: (real) => ({
        ...real,
        put: async (id, data, contentType) => {
          blobWrites.push(id);
          return real.put(id, data, contentType);
        },
      }),
    });
    try {
      await Promise.all([handle(message), handle(message)]);
      await handle(message);
      expect(generatorRuns).toBe(1);
      // One attempt's files, each written once: the page and its traced outline.
      expect(blobWrites).toEqual([
        `gen-${started.generationId}-image.png`,
        `gen-${started.generationId}-image-svg.svg`,
      ]);
      const log = await types();
      expect(log.filter((t) => t === 'GenerationStarted')).toHaveLength(1);
      expect(log.filter((t) => t === 'GenerationCompleted')).toHaveLength(1);
      expect(log.filter((t) => t === 'GenerationFailed')).toHaveLength(0);
      const blob = await runtime.blobs.get(`gen-${started.generationId}-image.png`);
      expect(blob?.contentType).toBe('image/png');
    } finally {
      await runtime.dispose();
    }
  });

  it('a provider failure is recorded once and refunded exactly once, even if the failure is handled twice', async () => {
    const failing: AiProvider = {
      ...createOfflineProvider(),
      image: async () => {
        throw new ProviderError('The image service is down');
      },
    };
    const { runtime, message, handle, types, balance } = await setup(failing);
    try {
      expect(await balance()).toBe(6);
      await handle(message);
      await handle(message);
      expect((await types()).filter((t) => t === 'GenerationFailed')).toHaveLength(1);

      const failure = (await runtime.eventStore.readAll()).find((e) => e.type === 'GenerationFailed')!;
      const refunds = refundProcessManager(runtime.commands, systemClock, runtime.blobs);
      await Promise.all([refunds.handle(failure), refunds.handle(failure)]);
      await refunds.handle(failure);

      const account = await runtime.eventStore.readStream(accountStream(message.value.userId));
      expect(account.filter((e) => e.type === 'CreditsRefunded')).toHaveLength(1);
      expect(await balance()).toBe(10);
    } finally {
      await runtime.dispose();
    }
  });

  it('a job that outlives its timeout fails as TIMEOUT and a late result is ignored', async () => {
    const hanging: AiProvider = { ...createOfflineProvider({ delayMs: 60_000 }) };
    const { runtime, message, handle, types } = await setup(hanging, 50);
    try {
      await handle(message);
      const failure = (await runtime.eventStore.readAll()).find((e) => e.type === 'GenerationFailed');
      expect((failure!.data as { code: string }).code).toBe('TIMEOUT');
      expect(await types()).toEqual([
        'GenerationQueued',
        'GenerationStarted',
        'GenerationProgressed',
        'GenerationFailed',
      ]);
    } finally {
      await runtime.dispose();
    }
  });
});

describe('worker: one job', () => {
  const fixed: Clock = { now: () => new Date('2026-11-22T12:00:00.000Z') };
  const png = (data: string) => ({
    role: 'image',
    contentType: 'image/png',
    extension: 'png',
    data: Buffer.from(data),
  });

  it('claims with a deadline of now plus the timeout, reports progress, stores the files and completes', async () => {
    const { runtime, message, handle, started } = await setup(createOfflineProvider(), 90_000, {
      clock: fixed,
      tools: {
        'coloring-page': {
          generator: async (job, tools) => {
            await tools.progress(40, 'Drawing');
            return { title: `Page: ${job.input.prompt}`, files: [png('fox')], result: { n: 1 } };
          },
        },
      },
    });
    try {
      await handle({ ...message, headers: { eventId: 'evt-requested' } });
      const log = await events(runtime, started.generationId);
      expect(log.map((e) => e.type)).toEqual([
        'GenerationQueued',
        'GenerationStarted',
        'GenerationProgressed',
        'GenerationCompleted',
      ]);
      const [, claim, progress, done] = log;
      expect((claim as unknown as GenerationStarted).data).toMatchObject({
        phase: 'main',
        workerId: 'w-test',
        input: { prompt: 'a lighthouse' },
        deadline: '2026-11-22T12:01:30.000Z',
        // The default lease: a dead worker's job is released about 45 s later.
        leaseExpiresAt: '2026-11-22T12:00:45.000Z',
      });
      expect(claim!.metadata).toMatchObject({
        occurredAt: '2026-11-22T12:00:00.000Z',
        correlationId: 'c',
        causationId: 'evt-requested',
        userId: message.value.userId,
      });
      expect(progress!.data).toEqual({ generationId: started.generationId, progress: 40, step: 'Drawing' });
      const blobId = `gen-${started.generationId}-image.png`;
      expect(done!.data).toMatchObject({
        title: 'Page: a lighthouse',
        result: { n: 1 },
        artifacts: [{ blobId, contentType: 'image/png', role: 'image', bytes: 3 }],
      });
      expect((await runtime.blobs.get(blobId))?.data.toString()).toBe('fox');
    } finally {
      await runtime.dispose();
    }
  });

  it('claims with a lease of the configured length, caused by the job when the message has no event id', async () => {
    const { runtime, message, handle, started } = await setup(createOfflineProvider(), 90_000, {
      clock: fixed,
      leaseMs: 60_000,
      tools: { 'coloring-page': { generator: async () => ({ files: [] }) } },
    });
    try {
      await handle(message);
      const claim = (await events(runtime, started.generationId)).find((e) => e.type === 'GenerationStarted');
      expect(claim?.data).toMatchObject({ leaseExpiresAt: '2026-11-22T12:01:00.000Z' });
      expect(claim?.metadata).toMatchObject({ causationId: started.generationId });
    } finally {
      await runtime.dispose();
    }
  });

  it('gives the generator exactly its job: id, kind, phase, input, and the tier, author and time of the request', async () => {
    const { jobs, tools } = recordingColoringPage();
    const job = await setup(createOfflineProvider(), 10_000, { tools });
    await runOnce(job);
    expect(jobs).toStrictEqual([
      {
        generationId: job.message.value.generationId,
        kind: 'coloring-page',
        phase: 'main',
        input: { prompt: 'a lighthouse' },
        tier: 'Demo',
        author: 'Bo',
        requestedAt: ctx.at,
      },
    ]);
  });

  it('a job without a tier gives the generator none', async () => {
    const { jobs, tools } = recordingColoringPage();
    const { runtime, message, handle } = await setup(createOfflineProvider(), 10_000, { tools });
    try {
      // A request recorded before the plan travelled with it.
      const request = { kind: 'coloring-page' as const, input: { prompt: 'an old page' } };
      const generationId = 'untiered';
      const { userId } = message.value;
      await runtime.commands.handle(
        generationStream(generationId),
        generationDecider,
        { type: 'QueueJob', generationId, userId, request },
        ctx,
      );
      await handle({ ...message, value: { ...message.value, generationId } });
      expect(jobs).toHaveLength(1);
      expect(Object.keys(jobs[0]!).sort()).toEqual(['generationId', 'input', 'kind', 'phase']);
    } finally {
      await runtime.dispose();
    }
  });

  it('a generator that throws something other than an Error fails the job with it as the reason, as our own fault', async () => {
    const job = await setup(createOfflineProvider(), 10_000, {
      tools: {
        'coloring-page': {
          generator: async () => {
            // Some libraries throw plain strings.
            throw 'the model refused';
          },
        },
      },
    });
    expect((await runOnce(job))?.data).toMatchObject({
      code: 'INTERNAL',
      reason: 'the model refused',
    });
  });

  it('a timed-out job says after how many seconds', async () => {
    const job = await setup(createOfflineProvider({ delayMs: 60_000 }), 1_600);
    expect((await runOnce(job))?.data).toMatchObject({
      code: 'TIMEOUT',
      reason: 'Generation timed out after 2 s',
    });
  });

  it('at shutdown a running job is aborted and handed back, not failed, and no new job is claimed', async () => {
    let signal: AbortSignal | undefined;
    let began: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      began = resolve;
    });
    const { logger, lines } = capturingLogger();
    const { runtime, message, handle, started, types } = await setup(createOfflineProvider(), 60_000, {
      logger,
      shutdownGraceMs: 200,
      tools: {
        'coloring-page': {
          generator: async (_job, tools) => {
            signal = tools.signal;
            began();
            // A generator that never looks at the signal: the shutdown waits no longer than its grace.
            return new Promise(() => {});
          },
        },
      },
    });
    try {
      const attempt = handle(message);
      await running;
      await handle.releaseRunning();
      await attempt;
      expect(signal?.aborted).toBe(true);
      const log = await events(runtime, started.generationId);
      expect(log.map((e) => e.type)).toEqual(['GenerationQueued', 'GenerationStarted', 'GenerationReleased']);
      expect(log.at(-1)?.data).toMatchObject({ reason: 'shutdown', workerId: 'w-test' });
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 40,
          generationId: started.generationId,
          msg: 'job handed back at shutdown',
        }),
      );
      // The released job is queued again, but this worker is stopping: it claims nothing and leaves
      // the message unacknowledged, for another worker.
      await expect(handle(message)).rejects.toThrow('stopping');
      expect(await types()).toEqual(['GenerationQueued', 'GenerationStarted', 'GenerationReleased']);
    } finally {
      await runtime.dispose();
    }
  });

  it('at shutdown the step a handed-back generator is in finishes before the worker stops (its file is written)', async () => {
    let began: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      began = resolve;
    });
    const written: string[] = [];
    const { runtime, message, handle, started } = await setup(createOfflineProvider(), 60_000, {
      tools: {
        'coloring-page': {
          generator: async (_job, tools) => {
            began();
            // A step that does not look at the signal until it is done: a file being written.
            await new Promise((resolve) => setTimeout(resolve, 300));
            await runtime.blobs.put(`gen-${started.generationId}-late.png`, Buffer.from('png'), 'image/png');
            written.push('late.png');
            tools.signal.throwIfAborted();
            return { files: [] };
          },
        },
      },
    });
    try {
      const attempt = handle(message);
      await running;
      await handle.releaseRunning();
      expect(written).toEqual(['late.png']);
      await attempt;
    } finally {
      await runtime.dispose();
    }
  });

  it('a kind with no generator fails the job as our own fault (INTERNAL), saying so', async () => {
    const job = await setup(createOfflineProvider(), 10_000, { tools: {} });
    expect((await runOnce(job))?.data).toMatchObject({
      code: 'INTERNAL',
      reason: 'The coloring-page generator is not available yet',
      userId: job.message.value.userId,
      kind: 'coloring-page',
    });
  });

  it('a job whose stream was never opened with a request is skipped without a claim', async () => {
    const { runtime, message, handle } = await setup();
    try {
      await handle({ ...message, value: { ...message.value, generationId: 'never-queued' } });
      expect(await events(runtime, 'never-queued')).toEqual([]);
    } finally {
      await runtime.dispose();
    }
  });

  it('gives the generator its input files; a missing one fails the job', async () => {
    const read: string[] = [];
    const { runtime, message, handle, started } = await setup(createOfflineProvider(), 10_000, {
      tools: {
        'coloring-page': {
          generator: async (_job, tools) => {
            read.push((await tools.readBlob('upload-1.png')).toString());
            await tools.readBlob('upload-missing.png');
            return { files: [] };
          },
        },
      },
    });
    try {
      await runtime.blobs.put('upload-1.png', Buffer.from('original'), 'image/png');
      await handle(message);
      expect(read).toEqual(['original']);
      expect((await events(runtime, started.generationId)).at(-1)?.data).toMatchObject({
        code: 'INTERNAL',
        reason: 'Input file upload-missing.png is missing',
      });
    } finally {
      await runtime.dispose();
    }
  });

  it('Gen 2.0: the main phase records three outlines; the book phase is given the chosen one', async () => {
    const seen: Array<{ phase: string; outline?: string }> = [];
    const { runtime, message, handle, started } = await setup(createOfflineProvider(), 10_000, {
      request: {
        kind: 'non-fiction-v2',
        input: { title: 'Bees', description: 'All about bees', numChapters: 3, includeIntroduction: true },
      },
      tools: {
        'non-fiction-v2': {
          generator: async (job) => {
            seen.push({ phase: job.phase, ...(job.outline ? { outline: job.outline } : {}) });
            return job.phase === 'main'
              ? { files: [], outlines: ['one', 'two', 'three'] }
              : {
                  title: 'The book',
                  files: [{ ...png('pdf'), role: 'pdf', contentType: 'application/pdf', extension: 'pdf' }],
                };
          },
        },
      },
    });
    try {
      const main = message.value;
      await handle(message);
      expect((await events(runtime, started.generationId)).map((e) => e.type)).toEqual([
        'GenerationQueued',
        'GenerationStarted',
        'GenerationOutlinesReady',
      ]);
      await runtime.commands.handle(
        generationStream(started.generationId),
        generationDecider,
        { type: 'ChooseOutline', generationId: started.generationId, userId: main.userId, outlineIndex: 1 },
        ctx,
      );
      await handle({ ...message, value: { ...main, phase: 'book' } });
      expect(seen).toEqual([{ phase: 'main' }, { phase: 'book', outline: 'two' }]);
      const log = await events(runtime, started.generationId);
      expect(log.at(-1)?.type).toBe('GenerationCompleted');
      expect(log.at(-1)?.data).toMatchObject({ title: 'The book' });
    } finally {
      await runtime.dispose();
    }
  });

  it('a rebuild stores its files under the edit revision, keeps the files it did not make, and adds its result to the book', async () => {
    const pdf = (data: string) => ({
      ...png(data),
      role: 'pdf',
      contentType: 'application/pdf',
      extension: 'pdf',
    });
    const rebuilds: unknown[] = [];
    const { runtime, message, handle, started } = await setup(createOfflineProvider(), 10_000, {
      tools: {
        'kids-book': {
          generator: async (job) => {
            if (job.phase !== 'rebuild')
              return {
                title: 'Bees',
                files: [pdf('first'), png('cover')],
                result: { pages: ['One', 'Two'], theme: 'bees' },
              };
            rebuilds.push(job.rebuild);
            return { files: [pdf('second')], result: { pages: ['One!', 'Two'] } };
          },
        },
      },
      request: {
        kind: 'kids-book',
        input: { storyDescription: 'Bees at work', characterName: 'Bea', characterGender: 'girl' },
      },
    });
    try {
      const book = message.value;
      await handle(message);
      const [first] = (await events(runtime, started.generationId)).filter(
        (e) => e.type === 'GenerationCompleted',
      );
      const firstFiles = (first!.data as { artifacts: Array<{ role: string; blobId: string }> }).artifacts;
      expect(firstFiles.map((a) => a.blobId)).toEqual([
        `gen-${started.generationId}-pdf.pdf`,
        `gen-${started.generationId}-image.png`,
      ]);

      await runtime.commands.handle(
        generationStream(started.generationId),
        generationDecider,
        {
          type: 'EditBook',
          generationId: started.generationId,
          userId: book.userId,
          edits: { pages: [{ index: 0, text: 'One!' }] },
          at: ctx.at,
        },
        ctx,
      );
      await handle({ ...message, value: { ...book, phase: 'rebuild' } });

      expect(rebuilds).toEqual([expect.objectContaining({ artifacts: firstFiles })]);
      const done = (await events(runtime, started.generationId)).at(-1);
      expect(done?.type).toBe('GenerationCompleted');
      expect(done?.data).toMatchObject({
        // The cover was not rebuilt: the first one stays; the new PDF has a new name.
        artifacts: [
          firstFiles[1],
          {
            blobId: `gen-${started.generationId}-r1-pdf.pdf`,
            role: 'pdf',
            contentType: 'application/pdf',
            bytes: 6,
          },
        ],
        result: { pages: ['One!', 'Two'], theme: 'bees' },
      });
      // The new edition under its own name; once it is in place the first edition's PDF is
      // deleted (it stayed whole until then: the rebuild wrote beside it), the kept cover stays.
      expect((await runtime.blobs.get(`gen-${started.generationId}-r1-pdf.pdf`))?.data.toString()).toBe(
        'second',
      );
      expect(await runtime.blobs.get(`gen-${started.generationId}-pdf.pdf`)).toBeNull();
      expect(await runtime.blobs.get(`gen-${started.generationId}-image.png`)).not.toBeNull();
    } finally {
      await runtime.dispose();
    }
  });

  it('a rebuild of a book whose text was never kept fails without calling the generator (no second, paid generation)', async () => {
    const { jobs, tools } = recordingColoringPage();
    const { runtime, message, handle, started } = await setup(createOfflineProvider(), 10_000, { tools });
    try {
      await handle(message);
      // An edit the decider would refuse today (no stored text), as an older log may hold one.
      await runtime.eventStore.append(
        generationStream(started.generationId),
        [
          {
            eventId: newEventId(),
            type: 'GenerationEdited',
            data: {
              generationId: started.generationId,
              userId: message.value.userId,
              kind: 'coloring-page',
              revision: 1,
              edits: { title: 'New' },
            },
            metadata: { correlationId: 'c', causationId: 'c', occurredAt: ctx.at, schemaVersion: 1 },
          },
        ],
        { expectedRevision: 'any' },
      );
      await handle({ ...message, value: { ...message.value, phase: 'rebuild' } });
      expect(jobs).toHaveLength(1);
      const last = (await events(runtime, started.generationId)).at(-1);
      expect(last?.type).toBe('GenerationRebuildFailed');
      expect(last?.data).toMatchObject({
        reason: expect.stringContaining('the book has no stored text to typeset'),
      });
    } finally {
      await runtime.dispose();
    }
  });
});

describe('worker: what it logs', () => {
  it('a job without input is an error naming the generation; a duplicate delivery is noted as skipped', async () => {
    const { logger, lines } = capturingLogger();
    const { runtime, message, handle, started } = await setup(createOfflineProvider(), 10_000, { logger });
    try {
      await handle({ ...message, value: { ...message.value, generationId: 'never-queued' } });
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 50,
          generationId: 'never-queued',
          msg: 'job without input; skipped',
        }),
      );
      await handle(message);
      await handle(message);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 30,
          generationId: started.generationId,
          phase: 'main',
          msg: 'job already claimed; skipped',
        }),
      );
    } finally {
      await runtime.dispose();
    }
  });

  it('a failed job is a warning with its error; a timed-out one says so', async () => {
    const failing = {
      ...createOfflineProvider(),
      image: async () => Promise.reject(new ProviderError('down')),
    };
    const { logger, lines } = capturingLogger();
    /** A warning logged about a job, with its error. */
    const warned = (generationId: string, err: object, msg: string) =>
      expect.objectContaining({ level: 40, generationId, err: expect.objectContaining(err), msg });
    const first = await setup(failing, 10_000, { logger });
    await runOnce(first);
    expect(lines).toContainEqual(warned(first.started.generationId, { message: 'down' }, 'job failed'));
    const slow = await setup(createOfflineProvider({ delayMs: 60_000 }), 50, { logger });
    await runOnce(slow);
    expect(lines).toContainEqual(
      warned(slow.started.generationId, { name: 'JobTimeoutError' }, 'job timed out'),
    );
  });
});

describe('worker: a job’s deadline and its parts', () => {
  const at = new Date('2026-11-22T10:00:00.000Z');
  const fixed: Clock = { now: () => at };

  it('gives a 40-design coloring book 40/12 of the generation timeout, and a single page the timeout', async () => {
    const tools = {
      'coloring-book': { generator: async () => ({ files: [] }) },
      'coloring-page': { generator: async () => ({ files: [] }) },
    };
    const { runtime, message, handle, started } = await setup(createOfflineProvider(), 600_000, {
      tools,
      clock: fixed,
      request: { kind: 'coloring-book', input: { prompt: 'owls', bookLength: 40 } },
    });
    try {
      await handle(message);
      const events = await runtime.eventStore.readStream(generationStream(started.generationId));
      const claim = events.find((e) => e.type === 'GenerationStarted') as RecordedEvent<GenerationStarted>;
      expect(Date.parse(claim.data.deadline) - at.getTime()).toBe(2_000_000);
    } finally {
      await runtime.dispose();
    }
    const single = await setup(createOfflineProvider(), 600_000, { tools, clock: fixed });
    try {
      await single.handle(single.message);
      const events = await single.runtime.eventStore.readStream(
        generationStream(single.started.generationId),
      );
      const claim = events.find((e) => e.type === 'GenerationStarted') as RecordedEvent<GenerationStarted>;
      expect(Date.parse(claim.data.deadline) - at.getTime()).toBe(600_000);
    } finally {
      await single.runtime.dispose();
    }
  });

  it('records each finished part (text or picture) as it is made, and the next attempt takes it instead of making it again', async () => {
    let calls = 0;
    let captions = 0;
    const offline = createOfflineProvider();
    const counting: AiProvider = {
      ...offline,
      image: (prompt, options) => {
        calls += 1;
        return offline.image(prompt, options);
      },
    };
    // Two pictures, as a book's; the first attempt is handed back (a shutdown) after the first one.
    let attempts = 0;
    let reachedFirst: () => void = () => {};
    const halfway = new Promise<void>((resolve) => {
      reachedFirst = resolve;
    });
    const tools = {
      'coloring-page': {
        generator: async (_job: object, { ai, signal, parts }: GeneratorTools) => {
          attempts += 1;
          await parts.text('caption', async () => {
            captions += 1;
            return 'A lighthouse';
          });
          await parts.picture('page-1', () => ai.image('one', { style: 'coloring', signal }));
          if (attempts === 1) {
            reachedFirst();
            await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
          }
          await parts.picture('page-2', () => ai.image('two', { style: 'coloring', signal }));
          return { files: [] };
        },
      },
    };
    const { runtime, message, handle, started, types } = await setup(counting, 10_000, { tools });
    try {
      const first = handle(message);
      await halfway;
      await handle.releaseRunning();
      await first;
      expect(calls).toBe(1);
      const next = createJobHandler({
        commands: runtime.commands,
        blobs: runtime.blobs,
        ai: counting,
        tools,
        clock: systemClock,
        logger: capturingLogger().logger,
        timeoutMs: 10_000,
        workerId: 'w-next',
      });
      await next(message);
      expect(calls).toBe(2);
      expect(captions).toBe(1);
      const kinds = await types();
      expect(kinds.filter((t) => t === 'GenerationStarted')).toHaveLength(2);
      expect(kinds.filter((t) => t === 'GenerationPartRecorded')).toHaveLength(3);
      expect(kinds.at(-1)).toBe('GenerationCompleted');
      const { state } = await runtime.commands.load(
        generationStream(started.generationId),
        generationDecider,
      );
      const blobId = state.parts?.['main/page-1']?.blobId ?? '';
      expect(blobId).toBe(`gen-${started.generationId}-part-main-page-1.png`);
      expect(state.parts?.['main/caption']?.text).toBe('A lighthouse');
      // The picture parts served the resume; once the job is done they are deleted.
      expect(await runtime.blobs.get(blobId)).toBeNull();
      expect(await runtime.blobs.get(`gen-${started.generationId}-part-main-page-2.png`)).toBeNull();
    } finally {
      await runtime.dispose();
    }
  });
});

describe('worker: the job’s input comes from the generation stream', () => {
  it('after a restart, the released job’s next attempt runs the request its stream was opened with', async () => {
    let began: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      began = resolve;
    });
    const request = { kind: 'coloring-book' as const, input: { prompt: 'owls', bookLength: 10 as const } };
    const { runtime, message, handle, started } = await setup(createOfflineProvider(), 60_000, {
      request,
      shutdownGraceMs: 200,
      tools: {
        'coloring-book': {
          generator: async () => {
            began();
            return new Promise(() => {});
          },
        },
      },
    });
    // The first process hands the job back at shutdown and stops.
    const attempt = handle(message);
    await running;
    await handle.releaseRunning();
    await attempt;
    await closePlatform(runtime);
    // A new process on the same data: nothing in memory, the job message made from the log.
    const restarted = await openPlatform(
      loadConfig({ DATA_DIR: runtime.dataDir }, { embedded: true }),
      createLogger('silent'),
    );
    try {
      const log = await restarted.eventStore.readStream(generationStream(started.generationId));
      const [released] = jobsFor(log.at(-1)!);
      const next = released!.message.value as JobMessage;
      const seen: object[] = [];
      const worker = createJobHandler({
        commands: restarted.commands,
        blobs: restarted.blobs,
        ai: createOfflineProvider(),
        tools: {
          'coloring-book': {
            generator: async (job) => {
              seen.push(job);
              return { files: [] };
            },
          },
        },
        clock: systemClock,
        logger: createLogger('silent'),
        timeoutMs: 60_000,
        workerId: 'w-restarted',
      });
      await worker({ ...message, value: next });
      expect(seen).toEqual([
        {
          generationId: started.generationId,
          phase: 'main',
          ...request,
          tier: 'Demo',
          author: 'Bo',
          requestedAt: ctx.at,
        },
      ]);
      const types = (await restarted.eventStore.readStream(generationStream(started.generationId))).map(
        (e) => e.type,
      );
      expect(types).toEqual([
        'GenerationQueued',
        'GenerationStarted',
        'GenerationReleased',
        'GenerationStarted',
        'GenerationCompleted',
      ]);
    } finally {
      await closePlatform(restarted);
      rmSync(runtime.dataDir, { recursive: true, force: true });
    }
  });
});
