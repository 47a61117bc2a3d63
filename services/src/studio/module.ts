import { newId } from '../platform/ids';
import type { FeatureModule, Platform } from '../platform/module';
import { relay } from '../platform/runners/relay';
import type { AiProvider } from './ai/provider';
import { generationsProjection } from './generations-projection';
import { JOBS_TOPIC, type JobMessage, jobsFor } from './jobs';
import { refundProcessManager } from './refunds';
import { studioRoutes } from './routes';
import { GenerationSupervisor } from './supervisor';
import { TOOLS } from './tools/registry';
import { createJobHandler } from './worker';

/**
 * Generation jobs: the tool routes (from the registry), the generations read model, the relay
 * that takes requested jobs to the bus, refunds, the workers and their supervisor.
 */
export function studioModule(platform: Platform, ai: AiProvider): FeatureModule {
  const { commands, clock, logger, bus, config } = platform;
  return {
    name: 'studio',
    routes: [studioRoutes(TOOLS, platform)],
    projections: [generationsProjection],
    reactors: [relay(bus, jobsFor), refundProcessManager(commands, clock)],
    workers: [
      {
        name: 'generation-worker',
        start: () =>
          bus.subscribe<JobMessage>(
            JOBS_TOPIC,
            'workers',
            createJobHandler({
              commands,
              blobs: platform.blobs,
              ai,
              tools: TOOLS,
              clock,
              logger,
              timeoutMs: config.generationTimeoutMs,
              workerId: `worker-${newId().slice(0, 8)}`,
            }),
            { concurrency: config.workerConcurrency },
          ),
      },
      {
        name: 'generation-supervisor',
        start: async () => {
          const supervisor = new GenerationSupervisor({
            ...platform,
            generationTimeoutMs: config.generationTimeoutMs,
          });
          await supervisor.start();
          return supervisor;
        },
      },
    ],
  };
}
