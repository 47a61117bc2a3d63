import { type AiUsage, generationStream, PLAN_TERMS, type Tier, usageCost } from '@studio/events';
import { adminAiCostsQuery } from '@studio/events/requests';
import type Koa from 'koa';
import { DomainError } from '../platform/errors';
import type { EventStore } from '../platform/eventstore/port';
import type { RouteModule } from '../platform/http/app';
import { parse } from '../platform/http/validation';
import type { ReadStore } from '../platform/readstore/port';
import { GENERATIONS, type GenerationDoc } from '../studio/generations-projection';

const DAY_MS = 86_400_000;
/** Users and over-price jobs listed at most (the most costly first). */
const LISTED = 50;

/**
 * What a credit brings in, in US dollars, by the plan it was bought on: the plan's price over its
 * credits. A job made without a known plan counts at the lowest price a credit sells for, so the
 * margin shown is never better than the real one.
 */
const perCredit = (tier: Tier | undefined): number => {
  const plans = Object.values(PLAN_TERMS);
  const plan = plans.find((p) => p.tier === tier);
  const price = (p: (typeof plans)[number]) => p.price / 100 / p.credits;
  return plan ? price(plan) : Math.min(...plans.map(price));
};

interface Line {
  jobs: number;
  credits: number;
  revenueUsd: number;
  costUsd: number;
  marginUsd: number;
}

const round = (usd: number) => Math.round(usd * 1_000_000) / 1_000_000;
const empty = (): Line => ({ jobs: 0, credits: 0, revenueUsd: 0, costUsd: 0, marginUsd: 0 });
function add(line: Line, doc: GenerationDoc): void {
  line.jobs += 1;
  line.credits += doc.cost;
  line.revenueUsd = round(line.revenueUsd + doc.cost * perCredit(doc.tier));
  line.costUsd = round(line.costUsd + (doc.ai?.costUsd ?? 0));
  line.marginUsd = round(line.revenueUsd - line.costUsd);
}

/**
 * The AI bill beside what was charged: jobs of a period by tool and by user (cost, credits, what
 * those credits brought in, the margin), the jobs whose provider cost exceeded their price, and
 * one job's calls. Costs come from the usage recorded with each job, priced when it was made
 * (AI_PRICES); the offline provider's calls are there at $0.
 */
export function aiCostRoutes(deps: {
  readStore: ReadStore;
  eventStore: EventStore;
  requireAdmin: (ctx: Koa.Context) => Promise<unknown>;
  now: () => Date;
}): RouteModule {
  const generations = deps.readStore.collection<GenerationDoc>(GENERATIONS);
  return (router) => {
    router.get('/api/admin/ai-costs', async (ctx) => {
      await deps.requireAdmin(ctx);
      const query = parse(adminAiCostsQuery, ctx.query);
      const to = query.to ? Date.parse(`${query.to}T00:00:00.000Z`) : deps.now().getTime();
      const from = query.from ? Date.parse(`${query.from}T00:00:00.000Z`) : to - 30 * DAY_MS;
      if (!(from < to)) throw new DomainError('VALIDATION', 'from must be before to');
      if (to - from > 366 * DAY_MS) throw new DomainError('VALIDATION', 'The period is at most a year');
      const jobs = await generations.find({
        createdAt: { $gte: new Date(from).toISOString(), $lt: new Date(to).toISOString() },
      });
      const total = empty();
      const byTool = new Map<string, Line>();
      const byUser = new Map<string, Line>();
      const overPrice: Array<Record<string, unknown>> = [];
      let offline = 0;
      for (const doc of jobs) {
        // A rebuild is free and calls no AI: the job counts once, at its request.
        add(total, doc);
        for (const [map, key] of [
          [byTool, doc.kind],
          [byUser, doc.userId],
        ] as const) {
          const line = map.get(key) ?? empty();
          add(line, doc);
          map.set(key, line);
        }
        const cost = doc.ai?.costUsd ?? 0;
        if ((doc.ai?.calls ?? 0) > 0 && cost === 0) offline += 1;
        const price = doc.cost * perCredit(doc.tier);
        if (cost > price)
          overPrice.push({
            generationId: doc._id,
            userId: doc.userId,
            tool: doc.kind,
            credits: doc.cost,
            revenueUsd: round(price),
            costUsd: round(cost),
            createdAt: doc.createdAt,
          });
      }
      const lines = (map: Map<string, Line>, key: string) =>
        [...map.entries()]
          .map(([name, line]) => ({ [key]: name, ...line }))
          .sort((a, b) => b.costUsd - a.costUsd)
          .slice(0, LISTED);
      ctx.body = {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        total,
        byTool: lines(byTool, 'tool'),
        byUser: lines(byUser, 'userId'),
        overPrice: overPrice.sort((a, b) => Number(b.costUsd) - Number(a.costUsd)).slice(0, LISTED),
        // Jobs whose calls were all free (the offline provider): their cost is really 0.
        jobsAtNoCost: offline,
      };
    });

    /** One job's provider calls, as recorded with it. */
    router.get('/api/admin/ai-costs/jobs/:generationId', async (ctx) => {
      await deps.requireAdmin(ctx);
      const generationId = String(ctx.params.generationId);
      const doc = await generations.get(generationId);
      if (!doc) throw new DomainError('NOT_FOUND', 'Job not found');
      const calls: Array<AiUsage & { at: string; phase?: string }> = [];
      for (const event of await deps.eventStore.readStream(generationStream(generationId))) {
        const data = event.data as { usage?: AiUsage[]; phase?: string };
        for (const call of data.usage ?? [])
          calls.push({
            ...call,
            at: event.metadata.occurredAt,
            ...(data.phase ? { phase: data.phase } : {}),
          });
      }
      ctx.body = {
        generationId,
        userId: doc.userId,
        tool: doc.kind,
        status: doc.status,
        credits: doc.cost,
        revenueUsd: round(doc.cost * perCredit(doc.tier)),
        costUsd: usageCost(calls),
        calls,
      };
    });
  };
}
