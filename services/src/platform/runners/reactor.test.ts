import type { RecordedEvent } from '@studio/events';
import type { ReadStore } from '../readstore/port';
import { eventually } from '../testing';
import { IDLE_CHECKPOINT_EVERY } from './projector';
import { type Reactor, ReactorRunner } from './reactor';
import { openRunnerFixture, type RunnerFixture, testEvent } from './runner-fixtures';

describe('reactor runner', () => {
  let fixture: RunnerFixture;
  let runner: ReactorRunner | undefined;
  beforeEach(() => {
    fixture = openRunnerFixture();
  });
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await fixture.dispose();
  });

  it('passes over the types it does not handle without a write each, and still hands over the rest', async () => {
    const handled: string[] = [];
    let writes = 0;
    const counting: ReadStore = {
      ...fixture.reads,
      collection: (name) => fixture.reads.collection(name),
      apply: async (ops, checkpoint) => {
        writes += 1;
        await fixture.reads.apply(ops, checkpoint);
      },
    };
    const reactor: Reactor = {
      name: 'picky',
      handles: ['Wanted'],
      async handle(event) {
        handled.push(event.eventId);
      },
    };
    runner = new ReactorRunner(fixture.events, counting, reactor, fixture.logger);
    await runner.start();
    const scans = Array.from({ length: 50 }, (_, i) => testEvent(`scan${i}`, 'Scanned'));
    await fixture.events.append('s-1', scans, { expectedRevision: 'any' });
    await fixture.events.append('s-2', [testEvent('w1', 'Wanted')], { expectedRevision: 'any' });
    const head = (await fixture.events.headPosition())!;
    await eventually(async () => (await fixture.reads.getCheckpoint('picky')) === head);
    expect(handled).toEqual(['w1']);
    expect(writes).toBe(1);

    // Past IDLE_CHECKPOINT_EVERY passed-over events the checkpoint is written anyway.
    const many = Array.from({ length: IDLE_CHECKPOINT_EVERY }, (_, i) => testEvent(`more${i}`, 'Scanned'));
    await fixture.events.append('s-1', many, { expectedRevision: 'any' });
    const later = (await fixture.events.headPosition())!;
    await eventually(async () => (runner?.checkpoint === later ? true : undefined));
    expect(writes).toBe(2);
    expect(await fixture.reads.getCheckpoint('picky')).toBe(later);
  });

  it('has not moved its checkpoint to an event while that event is being handled', async () => {
    const seen: Array<{ position: number; checkpoint: number | undefined }> = [];
    const reactor: Reactor = {
      name: 'watcher',
      async handle(event) {
        seen.push({ position: event.position, checkpoint: await fixture.reads.getCheckpoint('watcher') });
      },
    };
    runner = new ReactorRunner(fixture.events, fixture.reads, reactor, fixture.logger);
    await runner.start();
    await fixture.events.append('s-1', [testEvent('e1'), testEvent('e2')], { expectedRevision: 'any' });
    const head = (await fixture.events.headPosition())!;
    await eventually(async () => (await fixture.reads.getCheckpoint('watcher')) === head);

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
    runner = new ReactorRunner(fixture.events, fixture.reads, reactor, fixture.logger);
    await runner.start();
    await fixture.events.append('s-1', [testEvent('e1'), testEvent('e2'), testEvent('e3')], {
      expectedRevision: 'any',
    });
    const [, second] = await fixture.events.readAll();

    // Right after the failure the checkpoint still stands before the failed event.
    await eventually(async () => failuresLeft === 0);
    expect((await fixture.reads.getCheckpoint('flaky')) ?? 0).toBeLessThan(second!.position);

    const head = (await fixture.events.headPosition())!;
    await eventually(async () => (await fixture.reads.getCheckpoint('flaky')) === head, 5000);
    expect(handled).toEqual(['e1', 'e2', 'e3']);
  });

  it('a runner started again resumes after its checkpoint', async () => {
    const handled: string[] = [];
    const reactor: Reactor = {
      name: 'resumer',
      async handle(event) {
        handled.push(event.eventId);
      },
    };
    const first = new ReactorRunner(fixture.events, fixture.reads, reactor, fixture.logger);
    await first.start();
    await fixture.events.append('s-1', [testEvent('e1'), testEvent('e2')], { expectedRevision: 'any' });
    await eventually(async () => handled.length === 2);
    await first.stop();

    await fixture.events.append('s-1', [testEvent('e3')], { expectedRevision: 'any' });
    runner = new ReactorRunner(fixture.events, fixture.reads, reactor, fixture.logger);
    await runner.start();
    await eventually(async () => handled.length >= 3);
    expect(handled).toEqual(['e1', 'e2', 'e3']);
  });

  it('once stopped, handles nothing more: a failure just before the stop is not retried', async () => {
    const attempts: string[] = [];
    const reactor: Reactor = {
      name: 'stopping',
      async handle(event) {
        attempts.push(event.eventId);
        throw new Error('always failing');
      },
    };
    const stopped = new ReactorRunner(fixture.events, fixture.reads, reactor, fixture.logger);
    await stopped.start();
    await fixture.events.append('s-1', [testEvent('e1')], { expectedRevision: 'any' });
    await eventually(async () => attempts.length === 1);
    await stopped.stop();

    await fixture.events.append('s-1', [testEvent('e2')], { expectedRevision: 'any' });
    // Longer than the retry pause: a retry scheduled before the stop would have run by now.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(attempts).toEqual(['e1']);
  });
});
