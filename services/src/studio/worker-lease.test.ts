import { generationStream } from '@studio/events';
import { createOfflineProvider } from './ai/offline';
import type { AiProvider } from './ai/provider';
import { generationDecider } from './generation';
import { ctx, setupJob } from './worker.fixture';

const setup = (ai: AiProvider, timeoutMs: number, leaseMs: number) => setupJob(ai, timeoutMs, { leaseMs });

describe('worker runner', () => {
  describe('leases (issue 8 finding 12)', () => {
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
      const { message, handle, types, runtime, started, user } = await setup(hanging, 10_000, 60);
      try {
        const running = handle(message);
        await new Promise((resolve) => setTimeout(resolve, 30));
        await runtime.commands.handle(
          generationStream(started.generationId),
          generationDecider,
          {
            type: 'ExpireLease',
            generationId: started.generationId,
            userId: user.userId,
            kind: 'coloring-page',
            now: '2999-01-01T00:00:00.000Z',
            maxAttempts: 3,
          },
          ctx,
        );
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
