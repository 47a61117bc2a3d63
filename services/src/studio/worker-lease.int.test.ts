import { generationStream } from '@studio/events';
import type { CommandHandler } from '../platform/command-handler';
import { capturingLogger, eventually } from '../testing/helpers';
import { ctx, setupJob } from '../testing/worker.fixture';
import { createOfflineProvider } from './ai/offline';
import type { AiProvider } from './ai/provider';
import { generationDecider } from './generation';

const setup = (ai: AiProvider, timeoutMs: number, leaseMs: number) => setupJob(ai, timeoutMs, { leaseMs });

/** The supervisor's move: the lease has long passed, so the job is taken from its worker. */
const expireLease = (commands: CommandHandler, generationId: string, userId: string) =>
  commands.handle(
    generationStream(generationId),
    generationDecider,
    {
      type: 'ExpireLease',
      generationId,
      userId,
      kind: 'coloring-page',
      now: '2999-01-01T00:00:00.000Z',
      maxAttempts: 3,
    },
    ctx,
  );

describe('worker runner', () => {
  describe('leases', () => {
    it('a running worker heartbeats, so its lease outlives the claim and the job completes', async () => {
      const slow = createOfflineProvider({ delayMs: 300 });
      const { message, handle, types, runtime } = await setup(slow, 10_000, 60);
      try {
        await handle(message);
        const log = await types();
        expect(log.filter((t) => t === 'GenerationHeartbeat').length).toBeGreaterThanOrEqual(3);
        expect(log.at(-1)).toBe('GenerationCompleted');
      } finally {
        await runtime.dispose();
      }
    });

    it('a worker whose lease was taken away abandons the attempt without failing the job', async () => {
      const hanging = createOfflineProvider({ delayMs: 60_000 });
      const { message, handle, types, runtime, started, userId } = await setup(hanging, 10_000, 60);
      try {
        const running = handle(message);
        // The worker is under way once it has heartbeated its lease.
        await eventually(async () => (await types()).includes('GenerationHeartbeat'));
        await expireLease(runtime.commands, started.generationId, userId);
        await running;
        const log = await types();
        expect(log).toContain('GenerationReleased');
        expect(log).not.toContain('GenerationFailed');
        expect(log).not.toContain('GenerationCompleted');
      } finally {
        await runtime.dispose();
      }
    });
  });
});

/** The lease on a clock the test moves: heartbeats, abandoning and clean-up, without waiting. */
describe('worker runner: lease on a fake clock', () => {
  const T0 = new Date('2026-11-22T12:00:00.000Z');
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    jest.setSystemTime(T0);
  });
  afterEach(() => jest.useRealTimers());

  /** A job whose generator runs until the test lets it finish; it does not listen to the abort signal. */
  const held = async (leaseMs: number, logger?: ReturnType<typeof capturingLogger>['logger']) => {
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let signal: AbortSignal | undefined;
    const job = await setupJob(createOfflineProvider(), 600_000, {
      leaseMs,
      ...(logger ? { logger } : {}),
      tools: {
        'coloring-page': {
          generator: async (_job, tools) => {
            signal = tools.signal;
            await gate;
            return { files: [] };
          },
        },
      },
    });
    return { ...job, finish, aborted: () => signal?.aborted };
  };
  const heartbeats = async (
    runtime: { eventStore: { readStream(s: string): Promise<Array<{ type: string; data: unknown }>> } },
    id: string,
  ) =>
    (await runtime.eventStore.readStream(generationStream(id))).filter(
      (e) => e.type === 'GenerationHeartbeat',
    );

  it('heartbeats every third of the lease, each extending it to a full lease from then', async () => {
    const { runtime, message, handle, started, finish } = await held(300);
    try {
      const attempt = handle(message);
      await jest.advanceTimersByTimeAsync(99);
      expect(await heartbeats(runtime, started.generationId)).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      await jest.advanceTimersByTimeAsync(100);
      expect((await heartbeats(runtime, started.generationId)).map((e) => e.data)).toEqual([
        {
          generationId: started.generationId,
          workerId: 'w-test',
          leaseExpiresAt: '2026-11-22T12:00:00.400Z',
        },
        {
          generationId: started.generationId,
          workerId: 'w-test',
          leaseExpiresAt: '2026-11-22T12:00:00.500Z',
        },
      ]);
      finish();
      await attempt;
    } finally {
      await runtime.dispose();
    }
  });

  it('a finished or failed job leaves no timer running', async () => {
    const done = await held(300);
    try {
      const attempt = done.handle(done.message);
      await jest.advanceTimersByTimeAsync(150);
      done.finish();
      await attempt;
      expect(await done.types()).toContain('GenerationCompleted');
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      await done.runtime.dispose();
    }
    const broken = await setupJob(createOfflineProvider(), 600_000, { leaseMs: 300, tools: {} });
    try {
      await broken.handle(broken.message);
      expect(await broken.types()).toContain('GenerationFailed');
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      await broken.runtime.dispose();
    }
  });

  it('once the lease is taken away, the next heartbeat aborts the attempt and frees the worker at once', async () => {
    const { logger, lines } = capturingLogger();
    const { runtime, message, handle, started, userId, aborted, types } = await held(300, logger);
    try {
      const attempt = handle(message);
      await jest.advanceTimersByTimeAsync(10);
      await expireLease(runtime.commands, started.generationId, userId);
      await jest.advanceTimersByTimeAsync(90);
      // A generator that ignores the signal does not keep the worker: the attempt ends now.
      await attempt;
      expect(aborted()).toBe(true);
      expect(await types()).toEqual(['GenerationQueued', 'GenerationStarted', 'GenerationReleased']);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 40,
          generationId: started.generationId,
          msg: 'job lease lost; attempt abandoned',
        }),
      );
    } finally {
      await runtime.dispose();
    }
  });

  it('a heartbeat the store fails to record is logged, and the job carries on', async () => {
    const { logger, lines } = capturingLogger();
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const { runtime, message, handle, started, types } = await setupJob(createOfflineProvider(), 600_000, {
      leaseMs: 300,
      logger,
      tools: {
        'coloring-page': {
          generator: async () => {
            await gate;
            return { files: [] };
          },
        },
      },
      // The store refuses heartbeats (say, it is briefly locked); everything else goes through.
      commands: (real) =>
        new Proxy(real, {
          get: (target, key, receiver) =>
            key === 'handle'
              ? (...args: Parameters<CommandHandler['handle']>) =>
                  (args[2] as { type: string }).type === 'Heartbeat'
                    ? Promise.reject(new Error('database is locked'))
                    : target.handle(...args)
              : Reflect.get(target, key, receiver),
        }),
    });
    try {
      const attempt = handle(message);
      await jest.advanceTimersByTimeAsync(100);
      finish();
      await attempt;
      expect(await types()).toEqual(['GenerationQueued', 'GenerationStarted', 'GenerationCompleted']);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 40,
          generationId: started.generationId,
          err: expect.objectContaining({ message: 'database is locked' }),
          msg: 'heartbeat failed',
        }),
      );
    } finally {
      await runtime.dispose();
    }
  });
});
