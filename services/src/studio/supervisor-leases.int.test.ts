import { accountStream, generationStream } from '@studio/events';
import { accountDecider } from '../account/decider';
import type { DeliveredMessage } from '../platform/bus/port';
import { newId } from '../platform/ids';
import { ProjectorRunner } from '../platform/runners/projector';
import { ReactorRunner } from '../platform/runners/reactor';
import { relay } from '../platform/runners/relay';
import { registeredWithCredits } from '../testing/givens';
import { eventually, openTestRuntime } from '../testing/test-runtime';
import { generationDecider } from './generation';
import { generationsProjection } from './generations-projection';
import { jobIntake } from './job-intake';
import { JOBS_TOPIC, type JobMessage, jobsFor } from './jobs';
import { refundProcessManager } from './refunds';
import { startGeneration } from './start-generation';
import { GenerationSupervisor } from './supervisor';

const ctx = { at: new Date().toISOString(), correlationId: 'c', causationId: 'c' };

/**
 * A job whose worker died used to stay "In progress" for the whole
 * GENERATION_TIMEOUT_MS. With leases it is retried, then failed and refunded, as soon as the
 * lease has expired.
 */
describe('generation supervisor: expired leases', () => {
  it('releases a dead worker’s job for another attempt, and after the last attempt fails and refunds it once', async () => {
    const runtime = await openTestRuntime();
    const projector = new ProjectorRunner(
      runtime.eventStore,
      runtime.readStore,
      generationsProjection,
      runtime.logger,
    );
    const reactors = [
      new ReactorRunner(
        runtime.eventStore,
        runtime.readStore,
        jobIntake(runtime.commands, runtime.clock),
        runtime.logger,
      ),
      new ReactorRunner(runtime.eventStore, runtime.readStore, relay(runtime.bus, jobsFor), runtime.logger),
      new ReactorRunner(
        runtime.eventStore,
        runtime.readStore,
        refundProcessManager(runtime.commands, runtime.clock, runtime.blobs),
        runtime.logger,
      ),
    ];
    const jobs: JobMessage[] = [];
    const consumer = await runtime.bus.subscribe<JobMessage>(
      JOBS_TOPIC,
      'test',
      async (m: DeliveredMessage<JobMessage>) => {
        jobs.push(m.value);
      },
    );
    try {
      await projector.start();
      for (const reactor of reactors) await reactor.start();
      const userId = await registeredWithCredits(runtime, 10, ctx);
      const { generationId } = await startGeneration(runtime.commands, {
        userId,
        generationId: newId(),
        request: { kind: 'coloring-page', input: { prompt: 'a lighthouse' } },
        cost: 4,
        ...ctx,
      });
      const stream = generationStream(generationId);
      const types = async () => (await runtime.eventStore.readStream(stream)).map((e) => e.type);
      const balance = async () =>
        (await runtime.commands.load(accountStream(userId), accountDecider)).state.credits;
      // The intake opens the job's stream with its request, and the relay publishes it.
      await eventually(async () => (jobs.some((j) => j.generationId === generationId) ? true : undefined));
      expect(await types()).toEqual(['GenerationQueued']);
      // The supervisor's clock, moved past a lease instead of waiting for it (a loaded machine can
      // take longer than any short lease between the claim and the first sweep).
      let ahead = 0;
      const clock = { now: () => new Date(Date.now() + ahead) };
      const LEASE_MS = 60_000;
      // A worker claims the job with a one-minute lease and dies: no heartbeat ever comes.
      const claimAndDie = async (worker: string) => {
        const now = clock.now().getTime();
        await runtime.commands.handle(
          stream,
          generationDecider,
          {
            type: 'ClaimJob',
            phase: 'main',
            generationId,
            userId,
            workerId: worker,
            deadline: new Date(now + 600_000).toISOString(),
            leaseExpiresAt: new Date(now + LEASE_MS).toISOString(),
          },
          ctx,
        );
        await eventually(async () =>
          (await runtime.readStore.collection('generations').get(generationId))?.status === 'running'
            ? true
            : undefined,
        );
      };
      const supervisor = new GenerationSupervisor(
        { ...runtime, clock, generationTimeoutMs: 600_000 },
        60_000,
        2,
      );
      const jobsBefore = jobs.length;

      await claimAndDie('w1');
      expect(await supervisor.sweep()).toBe(0); // the lease is still live
      ahead += LEASE_MS + 1_000;
      await supervisor.sweep();
      expect(await types()).toEqual(['GenerationQueued', 'GenerationStarted', 'GenerationReleased']);
      // Queued again for the next attempt.
      await eventually(async () => (jobs.length > jobsBefore ? true : undefined));
      expect(jobs.at(-1)).toMatchObject({ generationId, phase: 'main' });

      await claimAndDie('w2');
      ahead += LEASE_MS + 1_000;
      await supervisor.sweep();
      expect(await types()).toEqual([
        'GenerationQueued',
        'GenerationStarted',
        'GenerationReleased',
        'GenerationStarted',
        'GenerationFailed',
      ]);
      await eventually(async () => ((await balance()) === 10 ? true : undefined));
      await supervisor.sweep();
      const account = await runtime.eventStore.readStream(accountStream(userId));
      expect(account.filter((e) => e.type === 'CreditsRefunded')).toHaveLength(1);
    } finally {
      await consumer.stop();
      for (const reactor of reactors) await reactor.stop();
      await projector.stop();
      await runtime.dispose();
    }
  });
});
