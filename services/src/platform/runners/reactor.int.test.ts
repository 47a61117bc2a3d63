import { setTimeout as delay } from 'node:timers/promises';
import type { RecordedEvent } from '@studio/events';
import { eventually } from '../../testing/helpers';
import {
  recordingReactor,
  stopWhileComingBack,
  testEvent,
  useRunnerFixture,
  watchSubscriptions,
} from '../../testing/runner-fixtures';
import type { Logger } from '../logging';
import type { ReadStore } from '../readstore/port';
import { IDLE_CHECKPOINT_EVERY } from './projector';
import { type Reactor, ReactorRunner } from './reactor';

describe('reactor runner', () => {
  let runner: ReactorRunner | undefined;
  const fixture = useRunnerFixture(() => runner);

  it('passes over the types it does not handle without a write each, and still hands over the rest', async () => {
    const handled: string[] = [];
    let writes = 0;
    const counting: ReadStore = {
      ...fixture().reads,
      collection: (name) => fixture().reads.collection(name),
      apply: async (ops, checkpoint) => {
        writes += 1;
        await fixture().reads.apply(ops, checkpoint);
      },
    };
    const reactor: Reactor = { ...recordingReactor('picky', handled), handles: ['Wanted'] };
    runner = new ReactorRunner(fixture().events, counting, reactor, fixture().logger);
    await runner.start();
    const scans = Array.from({ length: 50 }, (_, i) => testEvent(`scan${i}`, 'Scanned'));
    await fixture().events.append('s-1', scans, { expectedRevision: 'any' });
    await fixture().events.append('s-2', [testEvent('w1', 'Wanted')], { expectedRevision: 'any' });
    const head = (await fixture().events.headPosition())!;
    await eventually(async () => (await fixture().reads.getCheckpoint('picky')) === head);
    expect(handled).toEqual(['w1']);
    expect(writes).toBe(1);

    // Past IDLE_CHECKPOINT_EVERY passed-over events the checkpoint is written anyway.
    const many = Array.from({ length: IDLE_CHECKPOINT_EVERY }, (_, i) => testEvent(`more${i}`, 'Scanned'));
    await fixture().events.append('s-1', many, { expectedRevision: 'any' });
    const later = (await fixture().events.headPosition())!;
    await eventually(async () => (runner?.checkpoint === later ? true : undefined));
    expect(writes).toBe(2);
    expect(await fixture().reads.getCheckpoint('picky')).toBe(later);
  });

  it('has not moved its checkpoint to an event while that event is being handled', async () => {
    const seen: Array<{ position: number; checkpoint: number | undefined }> = [];
    const reactor: Reactor = {
      name: 'watcher',
      async handle(event) {
        seen.push({ position: event.position, checkpoint: await fixture().reads.getCheckpoint('watcher') });
      },
    };
    runner = new ReactorRunner(fixture().events, fixture().reads, reactor, fixture().logger);
    await runner.start();
    await fixture().events.append('s-1', [testEvent('e1'), testEvent('e2')], { expectedRevision: 'any' });
    const head = (await fixture().events.headPosition())!;
    await eventually(async () => (await fixture().reads.getCheckpoint('watcher')) === head);

    expect(seen).toHaveLength(2);
    for (const { position, checkpoint } of seen) expect(checkpoint ?? 0).toBeLessThan(position);
  });

  it('a handler that throws once gets the same event again; the checkpoint passes it only after success', async () => {
    const handled: string[] = [];
    let failuresLeft = 1;
    const reactor: Reactor = {
      name: 'flaky',
      async handle(event: RecordedEvent) {
        if (event.eventId === 'e2' && failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('downstream unavailable');
        }
        handled.push(event.eventId);
      },
    };
    runner = new ReactorRunner(fixture().events, fixture().reads, reactor, fixture().logger);
    await runner.start();
    await fixture().events.append('s-1', [testEvent('e1'), testEvent('e2'), testEvent('e3')], {
      expectedRevision: 'any',
    });
    const [, second] = await fixture().events.readAll();

    // Right after the failure the checkpoint still stands before the failed event.
    await eventually(async () => failuresLeft === 0);
    expect((await fixture().reads.getCheckpoint('flaky')) ?? 0).toBeLessThan(second!.position);

    const head = (await fixture().events.headPosition())!;
    await eventually(async () => (await fixture().reads.getCheckpoint('flaky')) === head, 5000);
    expect(handled).toEqual(['e1', 'e2', 'e3']);
  });

  it('a runner started again resumes after its checkpoint', async () => {
    const handled: string[] = [];
    const reactor = recordingReactor('resumer', handled);
    const first = new ReactorRunner(fixture().events, fixture().reads, reactor, fixture().logger);
    await first.start();
    await fixture().events.append('s-1', [testEvent('e1'), testEvent('e2')], { expectedRevision: 'any' });
    await eventually(async () => handled.length === 2);
    await first.stop();

    await fixture().events.append('s-1', [testEvent('e3')], { expectedRevision: 'any' });
    runner = new ReactorRunner(fixture().events, fixture().reads, reactor, fixture().logger);
    await runner.start();
    await eventually(async () => handled.length >= 3);
    expect(handled).toEqual(['e1', 'e2', 'e3']);
  });

  it('once stopped, handles nothing more: a failure just before the stop is not retried', async () => {
    const attempts: string[] = [];
    const reactor = recordingReactor('stopping', attempts, () => {
      throw new Error('always failing');
    });
    // The pause before a retry, observed: the stop must end it, and no retry may follow.
    const pauses: AbortSignal[] = [];
    const stopped = new ReactorRunner(fixture().events, fixture().reads, reactor, fixture().logger, {
      sleep: (ms, signal) => {
        pauses.push(signal);
        return delay(ms, undefined, { signal });
      },
    });
    await stopped.start();
    await fixture().events.append('s-1', [testEvent('e1')], { expectedRevision: 'any' });
    await eventually(async () => attempts.length === 1 && pauses.length === 1);
    // stop() returns once the subscription's loop has ended: a retry would have run by then.
    await stopped.stop();
    expect(pauses[0]?.aborted).toBe(true);
    expect(attempts).toEqual(['e1']);

    // A witness subscribed after it gets e2: the same delivery would have reached the stopped one.
    const seen: string[] = [];
    runner = new ReactorRunner(
      fixture().events,
      fixture().reads,
      { name: 'witness', handle: async (event) => void seen.push(event.eventId) },
      fixture().logger,
    );
    await runner.start();
    await fixture().events.append('s-1', [testEvent('e2')], { expectedRevision: 'any' });
    await eventually(async () => seen.includes('e2'));
    expect(attempts).toEqual(['e1']);
  });

  /** Records each try, stops the runner and fails: the stop must end the tries. */
  const stopsAsItFails = (name: string, attempts: string[]) =>
    recordingReactor(name, attempts, () => {
      void runner?.stop();
      throw new Error('failing as the runner stops');
    });

  /** A logger that keeps what was logged, level and message. */
  const recordingLogger = () => {
    const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
    const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
      lines.push({ level, fields, message });
    return { lines, logger: { warn: at('warn'), error: at('error'), info: at('info') } as unknown as Logger };
  };

  it('is stopped until started and after stopping, and paused while it retries an event in place', async () => {
    let release = () => {};
    let failures = 1;
    const reactor: Reactor = {
      name: 'pausing',
      async handle() {
        if (failures-- > 0) throw new Error('downstream unavailable');
      },
    };
    const { lines, logger } = recordingLogger();
    runner = new ReactorRunner(fixture().events, fixture().reads, reactor, logger, {
      sleep: () => new Promise<void>((resolve) => (release = resolve)),
    });
    expect(runner.state).toBe('stopped');
    await runner.start();
    expect(runner.state).toBe('running');
    await fixture().events.append('s-1', [testEvent('e1')], { expectedRevision: 'any' });
    await eventually(async () => runner?.state === 'paused');
    expect(lines).toEqual([
      {
        level: 'warn',
        fields: expect.objectContaining({ reactor: 'pausing', attempt: 1 }),
        message: 'reactor failed on an event; trying again',
      },
    ]);
    release();
    await eventually(async () => runner?.checkpoint !== undefined);
    expect(runner.state).toBe('running');
    await runner.stop();
    expect(runner.state).toBe('stopped');
  });

  it('a parked event is logged as an error naming the reactor, the event and the tries, and the runner runs on', async () => {
    const reactor: Reactor = {
      name: 'hopeless',
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
      async handle() {
        throw new Error('malformed');
      },
    };
    const { lines, logger } = recordingLogger();
    runner = new ReactorRunner(fixture().events, fixture().reads, reactor, logger, { sleep: async () => {} });
    await runner.start();
    await fixture().events.append('s-1', [testEvent('e1')], { expectedRevision: 'any' });
    const head = (await fixture().events.headPosition())!;
    await eventually(async () => runner?.checkpoint === head);
    expect(lines.filter((l) => l.level === 'error')).toEqual([
      {
        level: 'error',
        fields: expect.objectContaining({ reactor: 'hopeless', position: head, attempts: 2 }),
        message: 'reactor parked an event it kept failing on',
      },
    ]);
    expect(runner.state).toBe('running');
  });

  it('stopped while an event fails, it does not try that event again', async () => {
    const attempts: string[] = [];
    const reactor = stopsAsItFails('stopped-mid-try', attempts);
    // A wait that ignores the stop: only the runner's own check can end the retries.
    runner = new ReactorRunner(fixture().events, fixture().reads, reactor, fixture().logger, {
      sleep: async () => {},
    });
    await runner.start();
    await fixture().events.append('s-1', [testEvent('e1')], { expectedRevision: 'any' });
    await eventually(async () => attempts.length > 0);
    // Stopping waits for the handler in flight: whatever it was going to do, it has done.
    await runner.stop();
    expect(attempts).toEqual(['e1']);
  });

  const failingForever = (attempts: string[], stop = false): Reactor => ({
    ...recordingReactor('waiting', attempts, () => {
      if (stop) void runner?.stop();
      throw new Error('always failing');
    }),
    // A backoff far longer than any test: only the stop can end the wait.
    retry: { maxAttempts: 3, baseDelayMs: 600_000, maxDelayMs: 600_000 },
  });

  it('a stop during the wait before a retry ends the wait at once', async () => {
    const attempts: string[] = [];
    runner = new ReactorRunner(fixture().events, fixture().reads, failingForever(attempts), fixture().logger);
    await runner.start();
    await fixture().events.append('s-1', [testEvent('e1')], { expectedRevision: 'any' });
    await eventually(async () => runner?.state === 'paused');
    await runner.stop();
    expect(attempts).toEqual(['e1']);
  });

  it('a stop while an event is being handled means no wait and no retry after it', async () => {
    const attempts: string[] = [];
    runner = new ReactorRunner(
      fixture().events,
      fixture().reads,
      failingForever(attempts, true),
      fixture().logger,
    );
    await runner.start();
    await fixture().events.append('s-1', [testEvent('e1')], { expectedRevision: 'any' });
    await eventually(async () => attempts.length > 0);
    await runner.stop();
    expect(attempts).toEqual(['e1']);
  });

  /** A runner of a reactor that does nothing, on a store whose subscriptions the test can fail. */
  const idleOnWatchedStore = (name: string) => {
    const { store, subscriptions } = watchSubscriptions(fixture().events);
    const idle = new ReactorRunner(
      store,
      fixture().reads,
      { name, handle: async () => {} },
      fixture().logger,
    );
    return { idle, subscriptions };
  };

  it('a runner stopped while paused by an engine failure runs again when started again', async () => {
    const { idle, subscriptions } = idleOnWatchedStore('again');
    runner = idle;
    await runner.start();
    subscriptions[0]!.onError?.(new Error('engine down'));
    expect(runner.state).toBe('paused');
    await runner.stop();
    await runner.start();
    expect(runner.state).toBe('running');
  });

  it('stopped before it caught up, start() rejects saying the runner was stopped', async () => {
    await fixture().events.append('s-1', [testEvent('e1')], { expectedRevision: 'any' });
    const attempts: string[] = [];
    const reactor = stopsAsItFails('stopped-at-startup', attempts);
    runner = new ReactorRunner(fixture().events, fixture().reads, reactor, fixture().logger);
    await expect(runner.start()).rejects.toThrow('the reactor runner was stopped');
    expect(attempts).toEqual(['e1']);
    expect(runner.state).toBe('stopped');
  });

  it('an engine failure reported after the stop is ignored: started again, the runner runs', async () => {
    const { idle, subscriptions } = idleOnWatchedStore('late-error');
    runner = idle;
    await runner.start();
    await runner.stop();
    subscriptions[0]!.onError?.(new Error('engine down after the stop'));
    await runner.start();
    expect(runner.state).toBe('running');
  });

  it('a stop while the runner comes back from an engine failure keeps it stopped', async () => {
    const stopped = await stopWhileComingBack(
      fixture().events,
      (holding) =>
        new ReactorRunner(
          holding,
          fixture().reads,
          { name: 'coming-back', handle: async () => {} },
          fixture().logger,
        ),
    );
    expect(stopped.runner.state).toBe('stopped');
    expect(stopped.subscriptions).toHaveLength(1);
  });

  it('a handler failure is retried in place: the subscription is not restarted', async () => {
    const { store, subscriptions } = watchSubscriptions(fixture().events);
    let failures = 1;
    const reactor: Reactor = {
      name: 'in-place',
      retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
      async handle() {
        if (failures-- > 0) throw new Error('once');
      },
    };
    runner = new ReactorRunner(store, fixture().reads, reactor, fixture().logger);
    await runner.start();
    await fixture().events.append('s-1', [testEvent('e1')], { expectedRevision: 'any' });
    const head = (await fixture().events.headPosition())!;
    await eventually(async () => runner?.checkpoint === head);
    expect(subscriptions).toHaveLength(1);
  });

  it('an engine failure pauses the runner, which subscribes again from its checkpoint; after a stop it does not', async () => {
    const { store, subscriptions } = watchSubscriptions(fixture().events);
    const handled: string[] = [];
    const reactor = recordingReactor('resubscriber', handled);
    const { lines, logger } = recordingLogger();
    runner = new ReactorRunner(store, fixture().reads, reactor, logger);
    await runner.start();
    expect(subscriptions[0]).not.toHaveProperty('after');
    await fixture().events.append('s-1', [testEvent('e1')], { expectedRevision: 'any' });
    const head = (await fixture().events.headPosition())!;
    await eventually(async () => runner?.checkpoint === head);

    subscriptions[0]!.onError?.(new Error('engine down'));
    expect(runner.state).toBe('paused');
    expect(lines).toContainEqual({
      level: 'warn',
      fields: expect.objectContaining({ reactor: 'resubscriber' }),
      message: 'reactor failed; retrying',
    });
    await eventually(async () => subscriptions.length === 2 && runner?.state === 'running');
    expect(subscriptions[1]).toMatchObject({ after: head });
    await fixture().events.append('s-1', [testEvent('e2')], { expectedRevision: 'any' });
    await eventually(async () => handled.includes('e2'));
    expect(handled).toEqual(['e1', 'e2']);

    await runner.stop();
    subscriptions[1]!.onError?.(new Error('engine down after the stop'));
    expect(runner.state).toBe('stopped');
  });

  it('an engine still down when the runner comes back is tried again later, until it is up', async () => {
    const { store, subscriptions } = watchSubscriptions(fixture().events);
    let checkpointFailures = 0;
    const reads = {
      ...fixture().reads,
      getCheckpoint: (name: string) =>
        checkpointFailures-- > 0
          ? Promise.reject(new Error('read store down'))
          : fixture().reads.getCheckpoint(name),
    } as ReadStore;
    runner = new ReactorRunner(store, reads, { name: 'patient', handle: async () => {} }, fixture().logger);
    await runner.start();
    checkpointFailures = 1;
    subscriptions[0]!.onError?.(new Error('engine down'));
    await eventually(async () => subscriptions.length === 2 && runner?.state === 'running');
    expect(checkpointFailures).toBe(-1);
  });
});
