import type { QueueProbe } from '../platform/ops/readiness';
import type { ReadStore } from '../platform/readstore/port';
import { GENERATIONS, type GenerationDoc } from './generations-projection';

/**
 * Statuses of a generation waiting for a worker: a new or released job, a book whose outline was
 * chosen, or an edited book waiting to be rebuilt.
 */
const WAITING = ['requested', 'outline-chosen', 'rebuild-requested'];

/**
 * The generation job queue as the operator sees it, from the generations read model: how many
 * wait and when the oldest was queued (its last change: the request, a release, the chosen outline, the edit).
 */
export function generationQueue(readStore: ReadStore): QueueProbe {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  return {
    name: 'generation-jobs',
    async measure() {
      const filter = { status: { $in: WAITING } };
      const [depth, [oldest]] = await Promise.all([
        generations.count(filter),
        generations.find(filter, { sort: { updatedAt: 1 }, limit: 1 }),
      ]);
      return { depth, ...(oldest ? { oldestQueuedAt: oldest.updatedAt } : {}) };
    },
  };
}
