import { DURATIONS_PATH, GENERATION_KINDS, type GenerationKind, type ToolDuration } from '@studio/events';
import { requireUser } from '../account/auth';
import type { RouteModule } from '../platform/http/app';
import type { Platform } from '../platform/module';
import { GENERATIONS, type GenerationDoc } from './generations-projection';

/**
 * How long each tool really takes, so a confirmation can say "usually about 2 minutes" from
 * measurements instead of a fixed promise: the median time from request to Done over the tool's
 * most recent finished generations (everyone's; no one's content, only durations).
 * Gen 2.0 is left out: its request waits for the user to choose an outline, so request-to-Done
 * measures the user, not the tool.
 */
/** Enough recent jobs for a stable median, few enough that a slower provider shows up quickly. */
export const DURATION_SAMPLES = 20;

const UNMEASURED: readonly GenerationKind[] = ['non-fiction-v2'];

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function durationOf(readStore: Platform['readStore'], kind: GenerationKind): Promise<ToolDuration> {
  if (UNMEASURED.includes(kind)) return { medianSeconds: null, samples: 0 };
  const done = await readStore
    .collection<GenerationDoc>(GENERATIONS)
    .find({ kind, status: 'completed' }, { sort: { updatedAt: -1 }, limit: DURATION_SAMPLES });
  const seconds = done
    .map((doc) => (Date.parse(doc.updatedAt) - Date.parse(doc.createdAt)) / 1000)
    .filter((value) => Number.isFinite(value) && value >= 0);
  const middle = median(seconds);
  return { medianSeconds: middle === null ? null : Math.round(middle), samples: seconds.length };
}

export function durationRoutes({ readStore }: Pick<Platform, 'readStore'>): RouteModule {
  return (router) => {
    router.get(DURATIONS_PATH, async (ctx) => {
      requireUser(ctx);
      const entries = await Promise.all(
        GENERATION_KINDS.map(async (kind) => [kind, await durationOf(readStore, kind)] as const),
      );
      ctx.body = Object.fromEntries(entries) satisfies Record<string, ToolDuration>;
    });
  };
}
