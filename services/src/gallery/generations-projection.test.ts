import type { RecordedEvent } from '@studio/events';
import type { ReadStore } from '../platform/readstore/port';
import { createSqliteReadStore } from '../platform/readstore/sqlite';
import { tempDataDir } from '../platform/testing';
import { GENERATIONS, type GenerationDoc, generationsProjection } from './generations-projection';

let position = 0;
const recorded = (type: string, data: Record<string, unknown>, minute: number): RecordedEvent => {
  position += 1;
  return {
    eventId: `e${position}`,
    type,
    data,
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      occurredAt: `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`,
      schemaVersion: 1,
    },
    streamName: 's',
    revision: 0,
    position,
  };
};

const requested = (minute = 0) =>
  recorded(
    'GenerationRequested',
    { generationId: 'g1', userId: 'recA', kind: 'coloring-page', input: { prompt: 'a fox' }, cost: 4 },
    minute,
  );
const started = (minute: number, phase = 'main') =>
  recorded(
    'GenerationStarted',
    {
      generationId: 'g1',
      userId: 'recA',
      kind: 'coloring-page',
      phase,
      workerId: 'w1',
      input: { prompt: 'a fox' },
      deadline: '2026-11-22T10:30:00.000Z',
    },
    minute,
  );

describe('generations projection', () => {
  let tmp: ReturnType<typeof tempDataDir>;
  let reads: ReadStore;
  beforeEach(() => {
    tmp = tempDataDir();
    reads = createSqliteReadStore(`${tmp.dir}/read.db`);
  });
  afterEach(async () => {
    await reads.close();
    tmp.remove();
  });

  const project = async (...events: RecordedEvent[]) => {
    for (const event of events) await reads.apply(generationsProjection.project(event));
    return reads.collection<GenerationDoc>(GENERATIONS).get('g1');
  };

  it('a request becomes a queued document of its owner', async () => {
    expect(await project(requested(0))).toEqual({
      _id: 'g1',
      userId: 'recA',
      kind: 'coloring-page',
      input: { prompt: 'a fox' },
      cost: 4,
      status: 'requested',
      progress: 0,
      step: 'Queued',
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
      artifacts: [],
    });
  });

  it('a claimed job runs until its deadline and reports progress', async () => {
    const doc = await project(
      requested(0),
      started(1),
      recorded('GenerationProgressed', { generationId: 'g1', progress: 40, step: 'Drawing' }, 2),
    );
    expect(doc).toMatchObject({
      status: 'running',
      deadline: '2026-11-22T10:30:00.000Z',
      progress: 40,
      step: 'Drawing',
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:02:00.000Z',
    });
  });

  it('a failed job shows as failed, with its reason, and is no longer running', async () => {
    const doc = await project(
      requested(0),
      started(1),
      recorded(
        'GenerationFailed',
        {
          generationId: 'g1',
          userId: 'recA',
          kind: 'coloring-page',
          reason: 'The image service is down',
          code: 'PROVIDER_ERROR',
        },
        3,
      ),
    );
    expect(doc).toMatchObject({
      status: 'failed',
      step: 'Failed',
      error: 'The image service is down',
      updatedAt: '2026-11-22T10:03:00.000Z',
    });
  });

  it('a completed job keeps its files, title and result', async () => {
    const artifacts = [{ blobId: 'gen-g1-image.png', contentType: 'image/png', role: 'image', bytes: 10 }];
    const doc = await project(
      requested(0),
      started(1),
      recorded(
        'GenerationCompleted',
        {
          generationId: 'g1',
          userId: 'recA',
          kind: 'coloring-page',
          artifacts,
          title: 'Fox',
          result: { pages: 1 },
        },
        4,
      ),
    );
    expect(doc).toMatchObject({
      status: 'completed',
      progress: 100,
      step: 'Done',
      artifacts,
      title: 'Fox',
      result: { pages: 1 },
    });
  });

  it('a Gen 2.0 book goes through its outlines, the chosen one, and the book phase', async () => {
    const outlines = ['one', 'two', 'three'];
    const ready = await project(
      requested(0),
      started(1),
      recorded('GenerationOutlinesReady', { generationId: 'g1', outlines }, 2),
    );
    expect(ready).toMatchObject({
      status: 'outlines-ready',
      outlines,
      progress: 100,
      step: 'Outlines ready',
    });
    const chosen = await project(
      recorded('GenerationOutlineChosen', { generationId: 'g1', outlineIndex: 2 }, 3),
    );
    expect(chosen).toMatchObject({ status: 'outline-chosen', outlineIndex: 2, progress: 0, step: 'Queued' });
    expect(await project(started(4, 'book'))).toMatchObject({ status: 'book-running', step: 'Started' });
  });

  it('writes nothing for events of other kinds', () => {
    expect(generationsProjection.project(recorded('CreditsGranted', { amount: 4 }, 0))).toEqual([]);
  });
});
