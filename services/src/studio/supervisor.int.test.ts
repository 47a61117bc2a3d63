import { accountStream, type GenerationRequest, generationStream, type RecordedEvent } from '@studio/events';
import type { Bus, BusMessage } from '../platform/bus/port';
import type { Clock } from '../platform/clock';
import { CommandHandler } from '../platform/command-handler';
import { ProjectorRunner } from '../platform/runners/projector';
import { eventually } from '../testing/helpers';
import { openRunnerFixture, type RunnerFixture, testEvent } from '../testing/runner-fixtures';
import { generationDecider } from './generation';
import { GENERATIONS, type GenerationDoc, generationsProjection } from './generations-projection';
import { JOBS_TOPIC, type JobMessage } from './jobs';
import { GenerationSupervisor, type SupervisorDeps } from './supervisor';

const T0 = Date.parse('2026-11-22T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const TIMEOUT_MS = 15 * 60_000;

/** A clock the test moves by hand. */
function fakeClock(minutes: number) {
  let now = T0 + minutes * 60_000;
  const clock: Clock = { now: () => new Date(now) };
  return { clock, set: (m: number) => (now = T0 + m * 60_000) };
}

/** Stands for the in-process bus unless told it keeps its messages (a broker's log). */
function recordingBus(keepsMessages = false) {
  const published: Array<{ topic: string; message: BusMessage<JobMessage> }> = [];
  const bus: Bus = {
    keepsMessages,
    async publish(topic, messages) {
      for (const message of messages)
        published.push({ topic, message: message as unknown as BusMessage<JobMessage> });
    },
    async subscribe() {
      throw new Error('not used by the supervisor');
    },
    async close() {},
  };
  return { bus, published };
}

/** Every timer API but setInterval and clearInterval, for `jest.useFakeTimers({ doNotFake })`. */
const NOT_THE_INTERVALS = [
  'Date',
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setTimeout',
  'clearTimeout',
] as const;

describe('generation supervisor', () => {
  let fixture: RunnerFixture;
  let projector: ProjectorRunner;
  let commands: CommandHandler;
  const time = fakeClock(0);
  const { bus, published } = recordingBus();

  beforeEach(async () => {
    fixture = openRunnerFixture();
    commands = new CommandHandler(fixture.events);
    projector = new ProjectorRunner(fixture.events, fixture.reads, generationsProjection, fixture.logger);
    await projector.start();
    published.length = 0;
    time.set(0);
  });
  afterEach(async () => {
    await projector.stop();
    await fixture.dispose();
  });

  // The supervisor's narrow needs; the rest of the runtime is not touched.
  const supervisor = (intervalMs?: number, onBus: Bus = bus) =>
    new GenerationSupervisor(
      {
        readStore: fixture.reads,
        commands,
        clock: time.clock,
        bus: onBus,
        logger: fixture.logger,
        generationTimeoutMs: TIMEOUT_MS,
      },
      intervalMs,
    );

  const request = async (
    id: string,
    minute: number,
    kind: 'coloring-page' | 'non-fiction-v2' = 'coloring-page',
  ) => {
    const request: GenerationRequest =
      kind === 'non-fiction-v2'
        ? { kind, input: { title: 'T', description: 'D', numChapters: 3, includeIntroduction: false } }
        : { kind, input: { prompt: `job ${id}` } };
    const requested = testEvent(`req-${id}`, 'GenerationRequested', {
      generationId: id,
      userId: 'u1',
      cost: 4,
      ...request,
    });
    requested.metadata.occurredAt = at(minute);
    await fixture.events.append(accountStream('u1'), [requested], { expectedRevision: 'any' });
    // What the job intake does next: the generation stream opens with the request.
    await commands.handle(
      generationStream(id),
      generationDecider,
      { type: 'QueueJob', generationId: id, userId: 'u1', request },
      ctx(minute),
    );
    return request;
  };
  // Leases are another test's subject: here a worker's lease outlives every deadline.
  const farLease = at(100_000);
  const ctx = (minute: number) => ({ at: at(minute), correlationId: 'c', causationId: 'c', userId: 'u1' });
  /** A worker's claim of one phase of a job, due at `deadlineMinute`. */
  const claimJob = (
    id: string,
    phase: 'main' | 'book',
    deadlineMinute: number,
    { workerId = 'w1', leaseExpiresAt = farLease } = {},
  ) =>
    ({
      type: 'ClaimJob',
      phase,
      generationId: id,
      userId: 'u1',
      workerId,
      deadline: at(deadlineMinute),
      leaseExpiresAt,
    }) as const;
  const claim = async (id: string, minute: number, deadlineMinute: number) => {
    await request(id, minute);
    await commands.handle(
      generationStream(id),
      generationDecider,
      claimJob(id, 'main', deadlineMinute),
      ctx(minute),
    );
  };
  /**
   * A Gen 2.0 book whose main phase (due at `mainDeadline`) wrote three outlines, the one at
   * `outlineIndex` chosen at minute 3: the book phase is queued.
   */
  const bookWithChosenOutline = async ({
    outlineIndex = 0,
    mainDeadline = 30,
  }: {
    outlineIndex?: 0 | 1 | 2;
    mainDeadline?: number;
  } = {}) => {
    await request('book', 0, 'non-fiction-v2');
    const book = generationStream('book');
    await commands.handle(book, generationDecider, claimJob('book', 'main', mainDeadline), ctx(1));
    await commands.handle(
      book,
      generationDecider,
      { type: 'RecordOutlines', generationId: 'book', outlines: ['a', 'b', 'c'] },
      ctx(2),
    );
    await commands.handle(
      book,
      generationDecider,
      { type: 'ChooseOutline', generationId: 'book', userId: 'u1', outlineIndex },
      ctx(3),
    );
    return { book };
  };
  const projected = async () => {
    await projector.waitFor((await fixture.events.headPosition())!);
    const docs = await fixture.reads.collection<GenerationDoc>(GENERATIONS).find();
    return Object.fromEntries(docs.map((d) => [d._id, d.status]));
  };
  const failures = async (id: string) =>
    (await fixture.events.readStream(generationStream(id)))
      .filter((e) => e.type === 'GenerationFailed')
      .map((e) => (e as RecordedEvent).data as { code: string; userId: string; kind: string });

  it('re-publishes a queued job by generation and phase; its input stays in the generation stream', async () => {
    const requested = testEvent('req-q', 'GenerationRequested', {
      generationId: 'q',
      userId: 'u1',
      cost: 20,
      kind: 'non-fiction',
      input: { title: 'Window Boxes', description: 'Herbs on a sill' },
      tier: 'Basic',
    });
    await fixture.events.append(accountStream('u1'), [requested], { expectedRevision: 'any' });
    await projected();
    expect(await supervisor().redriveQueued()).toBe(1);
    expect(published.map((p) => p.message.value)).toEqual([
      { generationId: 'q', userId: 'u1', kind: 'non-fiction', phase: 'main', correlationId: 'q' },
    ]);
  });

  it('fails a running job once its deadline has passed, and leaves one whose deadline is ahead', async () => {
    await claim('late', 0, 10);
    await claim('on-time', 0, 30);
    await projected();

    time.set(20);
    expect(await supervisor().sweep()).toBe(1);

    expect(await failures('late')).toEqual([
      expect.objectContaining({
        code: 'TIMEOUT',
        userId: 'u1',
        kind: 'coloring-page',
        reason: 'The generation took too long and was stopped. Your credits have been refunded.',
      }),
    ]);
    const failed = (await fixture.events.readStream(generationStream('late'))).at(-1);
    expect(failed?.metadata).toMatchObject({
      occurredAt: at(20),
      correlationId: 'late',
      causationId: 'supervisor',
      userId: 'u1',
    });
    expect(await failures('on-time')).toEqual([]);
    expect(await projected()).toEqual({ late: 'failed', 'on-time': 'running' });
  });

  it('does not fail a job at the very instant of its deadline', async () => {
    await claim('edge', 0, 20);
    await projected();
    time.set(20);
    expect(await supervisor().sweep()).toBe(0);
    expect(await failures('edge')).toEqual([]);
  });

  it('fails a job no worker claimed within the timeout, and leaves a recent one', async () => {
    await request('forgotten', 0);
    await request('recent', 10);
    await projected();

    time.set(20);
    expect(await supervisor().sweep()).toBe(1);
    expect(await failures('forgotten')).toEqual([expect.objectContaining({ code: 'TIMEOUT' })]);
    expect(await failures('recent')).toEqual([]);
    expect(await projected()).toEqual({ forgotten: 'failed', recent: 'requested' });
  });

  it('leaves finished jobs alone, however old', async () => {
    await claim('done', 0, 10);
    await commands.handle(
      generationStream('done'),
      generationDecider,
      { type: 'CompleteJob', generationId: 'done', artifacts: [] },
      ctx(1),
    );
    await projected();
    time.set(24 * 60);
    expect(await supervisor().sweep()).toBe(0);
    expect(await failures('done')).toEqual([]);
  });

  it('publishes queued jobs again at start: the main phase with its input, a chosen outline as the book phase', async () => {
    await request('queued', 0);
    await claim('running', 0, 30);
    await bookWithChosenOutline({ outlineIndex: 1 });
    await projected();

    const running = supervisor(60_000);
    await running.start();
    running.stop();

    const byKey = Object.fromEntries(published.map((p) => [p.message.key, p]));
    expect(Object.keys(byKey).sort()).toEqual(['book', 'queued']);
    expect(byKey.queued).toEqual({
      topic: JOBS_TOPIC,
      message: {
        key: 'queued',
        value: {
          generationId: 'queued',
          userId: 'u1',
          kind: 'coloring-page',
          phase: 'main',
          correlationId: 'queued',
        },
      },
    });
    expect(byKey.book?.message.value).toEqual({
      generationId: 'book',
      userId: 'u1',
      kind: 'non-fiction-v2',
      phase: 'book',
      correlationId: 'book',
    });
  });

  it('on a bus that keeps its messages (Kafka, NATS), starting publishes nothing: the log redelivers', async () => {
    await request('queued', 0);
    await projected();
    const broker = recordingBus(true);
    const running = supervisor(60_000, broker.bus);
    await running.start();
    running.stop();
    expect(broker.published).toEqual([]);
    // The same start on the in-process bus publishes the queued job again.
    const inProcess = supervisor(60_000);
    await inProcess.start();
    inProcess.stop();
    expect(published.map((p) => p.message.key)).toEqual(['queued']);
  });

  it('once started, sweeps on its interval', async () => {
    await claim('late', 0, 10);
    await projected();
    time.set(20);
    const running = supervisor(20);
    await running.start();
    try {
      await eventually(async () => (await failures('late')).length === 1, 3000);
    } finally {
      running.stop();
    }
    expect(await failures('late')).toHaveLength(1);
  });

  it('fails a Gen 2.0 book phase that outlives its deadline', async () => {
    const { book } = await bookWithChosenOutline({ mainDeadline: 5 });
    await commands.handle(book, generationDecider, claimJob('book', 'book', 10), ctx(4));
    expect(await projected()).toEqual({ book: 'book-running' });

    time.set(11);
    expect(await supervisor().sweep()).toBe(1);
    expect(await failures('book')).toEqual([expect.objectContaining({ code: 'TIMEOUT' })]);
  });

  it('fails a chosen outline whose book phase no worker claimed within the timeout', async () => {
    await bookWithChosenOutline();
    expect(await projected()).toEqual({ book: 'outline-chosen' });
    time.set(3 + 15 + 1);
    expect(await supervisor().sweep()).toBe(1);
    expect(await failures('book')).toEqual([expect.objectContaining({ code: 'TIMEOUT' })]);
  });

  it('releases a book phase whose worker’s lease expired, on the supervisor’s behalf', async () => {
    const { book } = await bookWithChosenOutline();
    await commands.handle(
      book,
      generationDecider,
      claimJob('book', 'book', 60, { workerId: 'w2', leaseExpiresAt: at(5) }),
      ctx(4),
    );
    expect(await projected()).toEqual({ book: 'book-running' });
    time.set(6);
    expect(await supervisor().sweep()).toBe(1);
    const released = (await fixture.events.readStream(book)).at(-1);
    expect(released?.type).toBe('GenerationReleased');
    expect(released?.metadata).toMatchObject({
      occurredAt: at(6),
      correlationId: 'book',
      causationId: 'supervisor',
      userId: 'u1',
    });
  });

  it('sweeps no more once stopped', async () => {
    // Intervals on a fake clock (everything else real): ten periods pass at once, and the
    // supervisor left running shows they did.
    jest.useFakeTimers({ doNotFake: [...NOT_THE_INTERVALS] });
    try {
      const stopped = supervisor(20);
      const left = supervisor(20);
      const sweeps = {
        stopped: jest.spyOn(stopped, 'sweep').mockResolvedValue(0),
        left: jest.spyOn(left, 'sweep').mockResolvedValue(0),
      };
      await stopped.start();
      await left.start();
      stopped.stop();
      jest.advanceTimersByTime(10 * 20);
      left.stop();
      expect(sweeps.left).toHaveBeenCalledTimes(10);
      expect(sweeps.stopped).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('logs a failed sweep with its error and keeps going', async () => {
    const errors: Array<{ context: unknown; message: string }> = [];
    let broken = true;
    const reads = fixture.reads;
    const flaky = new GenerationSupervisor(
      {
        readStore: {
          collection: (name: string) => {
            if (broken) {
              broken = false;
              throw new Error('read store unavailable');
            }
            return reads.collection(name);
          },
        },
        commands,
        clock: time.clock,
        bus,
        logger: { error: (context: unknown, message: string) => errors.push({ context, message }) },
        generationTimeoutMs: TIMEOUT_MS,
      } as unknown as SupervisorDeps,
      20,
    );
    await claim('late', 0, 10);
    await projected();
    time.set(20);
    broken = false;
    await flaky.start();
    broken = true;
    try {
      await eventually(async () => (await failures('late')).length === 1, 3000);
    } finally {
      flaky.stop();
    }
    expect(errors[0]).toEqual({
      context: { err: new Error('read store unavailable') },
      message: 'generation sweep failed',
    });
  });
});
