import { STYLES_PATH } from '@studio/events';
import { loadAccount } from '../account/identity';
import { SessionWatch } from '../account/session-watch';
import type { SessionStore } from '../account/sessions';
import { newId } from '../platform/ids';
import type { FeatureModule, Platform } from '../platform/module';
import { relay } from '../platform/runners/relay';
import { deferredBody } from '../platform/uploads/upload-body';
import { accountRebuilds } from './account-rebuilds';
import { ProviderAccountWatch } from './ai/account-watch';
import { CallGate } from './ai/call-gate';
import { parsePrices } from './ai/prices';
import type { AiProvider } from './ai/provider';
import { bookEditRoutes } from './book-edit-routes';
import { durationRoutes } from './durations';
import { gen2Routes } from './gen2-routes';
import { generationsProjection } from './generations-projection';
import { jobIntake } from './job-intake';
import { generationQueue } from './job-queue';
import { JOB_EVENT_TYPES, JOBS_TOPIC, type JobMessage, jobsFor, REBUILDS_TOPIC } from './jobs';
import { outlineEditRoutes } from './outline-edit-routes';
import {
  createPartRegenerator,
  PART_REGENERATION_EVENT_TYPES,
  PART_REGENERATIONS_TOPIC,
  type PartRegenerationMessage,
  partRegenerationsFor,
} from './part-regenerator';
import { partVersionRoutes } from './part-version-routes';
import { PROGRESS_HEARTBEAT_MS, progressRoutes } from './progress-events';
import { READER_MAGNET_PATH, readerMagnetRoutes } from './reader-magnet-routes';
import { readerQrRoutes } from './reader-qr-routes';
import { partRefundProcessManager, refundProcessManager } from './refunds';
import { resumeRoutes } from './resume-routes';
import { studioRoutes } from './routes';
import { savedStylesProjection } from './styles/projection';
import { styleRoutes } from './styles/routes';
import { GenerationSupervisor } from './supervisor';
import { TOOL_LIST, TOOLS } from './tools/registry';
import { tutorialCsp, tutorialRoutes } from './tutorial';
import { generationFiles } from './unreferenced-files';
import { createJobHandler } from './worker';

/**
 * Generation jobs: the tool routes (from the registry), the generations read model, the relay
 * that takes requested jobs to the bus, refunds, the workers and their supervisor. Only the
 * generation worker calls the AI provider, so it opens it (`openAi`) when it starts: the API,
 * projector and relay never do. `sessions` (the account's) ends a progress stream when the
 * session that opened it is signed out.
 */
export function studioModule(
  platform: Platform,
  openAi: () => Promise<AiProvider>,
  sessions: SessionStore,
): FeatureModule {
  const { commands, clock, logger, bus, config } = platform;
  const tutorialSources = tutorialCsp(config.tutorialVideoUrl);
  const uploads = TOOL_LIST.filter((tool) => tool.upload && tool.generator);
  // One gate per process: every job of this process's workers shares AI_CONCURRENCY.
  const gate = new CallGate(config.aiConcurrency, config.aiCallsPerMinute);
  const prices = parsePrices(config.ai.prices);
  if ('problem' in prices) throw new Error(prices.problem);
  const accountWatch = new ProviderAccountWatch();
  // Book edits, reader codes and chosen part versions start free rebuilds: one of an account's books at a time.
  const rebuilds = accountRebuilds(platform);
  return {
    name: 'studio',
    // Tools that take a file (the kids book's character) take multipart, or JSON without a file.
    contentTypes: Object.fromEntries(
      uploads
        .filter((tool) => tool.route.body === 'multipart')
        .map((tool) => [tool.route.path, ['multipart/form-data', 'application/json']])
        .concat([[READER_MAGNET_PATH, ['application/json', 'multipart/form-data']]]),
    ),
    // Upload routes read their own body once the caller is known and may pay (`routes.ts`); a
    // reader magnet's PDF once the owner and the book are known; a saved style's reference
    // picture (`styles/routes.ts`).
    bodyParsers: {
      ...Object.fromEntries(uploads.map((tool) => [tool.route.path, deferredBody])),
      [READER_MAGNET_PATH]: deferredBody,
      [STYLES_PATH]: deferredBody,
    },
    // The configured tutorial video's origin may be framed, nothing else.
    ...(tutorialSources ? { cspSources: tutorialSources } : {}),
    routes: [
      studioRoutes(TOOLS, platform),
      gen2Routes(platform),
      outlineEditRoutes(platform),
      bookEditRoutes(platform, rebuilds),
      readerQrRoutes(platform, rebuilds),
      partVersionRoutes(platform, rebuilds),
      readerMagnetRoutes(platform),
      resumeRoutes(platform),
      progressRoutes({
        ...platform,
        planOf: async (userId) => (await loadAccount(commands, userId))?.tier ?? 'Demo',
        // Sign-outs in another process are found at the streams' keep-alive pace.
        sessions: new SessionWatch(sessions, clock, PROGRESS_HEARTBEAT_MS),
      }),
      tutorialRoutes(config.tutorialVideoUrl),
      durationRoutes(platform),
      styleRoutes(platform),
    ],
    projections: [generationsProjection, savedStylesProjection],
    reactors: [
      jobIntake(commands, clock),
      // One relay for both lanes: jobs, and the paid regenerations of one part of a book.
      relay(bus, (event) => [...jobsFor(event), ...partRegenerationsFor(event)], [
        ...JOB_EVENT_TYPES,
        ...PART_REGENERATION_EVENT_TYPES,
      ]),
      refundProcessManager(commands, clock, platform.blobs),
      partRefundProcessManager(commands, clock),
    ],
    queues: [generationQueue(platform.readStore)],
    alerts: [accountWatch.probe],
    blobReferences: generationFiles(platform),
    workers: [
      {
        name: 'generation-worker',
        start: async () => {
          const ai = await openAi();
          const jobs = createJobHandler({
            commands,
            blobs: platform.blobs,
            ai,
            gate,
            tools: TOOLS,
            clock,
            logger,
            timeoutMs: config.generationTimeoutMs,
            leaseMs: config.jobLeaseMs,
            workerId: `worker-${newId().slice(0, 8)}`,
            prices: prices.table,
            accountWatch,
          });
          accountWatch.start();
          const consumers = [
            await bus.subscribe<JobMessage>(JOBS_TOPIC, 'workers', jobs, {
              concurrency: config.workerConcurrency,
            }),
            // Free rebuilds: one at a time in this process, beside the paid jobs, never in their place.
            await bus.subscribe<JobMessage>(REBUILDS_TOPIC, 'rebuilders', jobs, { concurrency: 1 }),
            // Parts written again: a book's one at a time (keyed by book), sharing the call gate.
            await bus.subscribe<PartRegenerationMessage>(
              PART_REGENERATIONS_TOPIC,
              'part-regenerators',
              createPartRegenerator(
                { commands, ai, clock, logger, prices: prices.table, blobs: platform.blobs },
                gate,
              ),
              { concurrency: config.workerConcurrency },
            ),
          ];
          // Hand running jobs back first, then stop consuming: nothing is left in flight.
          return {
            stop: async () => {
              await jobs.releaseRunning();
              for (const consumer of consumers) await consumer.stop();
            },
          };
        },
      },
      {
        name: 'generation-supervisor',
        start: async () => {
          // Sweeps three times per lease: a dead worker's job moves on within about 1⅓ leases.
          const supervisor = new GenerationSupervisor(
            { ...platform, generationTimeoutMs: config.generationTimeoutMs },
            Math.ceil(config.jobLeaseMs / 3),
          );
          await supervisor.start();
          return supervisor;
        },
      },
    ],
  };
}
