import { accountStream, generationStream } from '@studio/events';
import type Koa from 'koa';
import { accountDecider } from '../account/decider';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import type { Platform } from '../platform/module';
import { generationDecider } from './generation';
import { GENERATIONS, type GenerationDoc } from './generations-projection';
import { ALREADY_CONTINUING, chargeIdOf, resumeQuote } from './job/resume';
import { ownResultOf } from './own-book';
import { TOOLS } from './tools/registry';

const RESUME_PATH = '/api/generations/:id/resume';

/**
 * Resume, not restart: the price of continuing a failed job from its recorded parts, and the
 * paid continuation (`job/resume.ts`). The job's own stream decides what is left; the price is a
 * share of what the job first cost (its read-model row). The charge and the request to queue
 * the job again are one append to the account (docs/decisions/0009-one-append-spends-and-requests.md),
 * under the round's own charge id: two requests for one round charge once, and the second is told so.
 */
export function resumeRoutes({
  readStore,
  commands,
  clock,
}: Pick<Platform, 'readStore' | 'commands' | 'clock'>): RouteModule {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  /** The caller's own job, its state and the quote; someone else's (or none) is not found. */
  const ownJob = async (ctx: Koa.Context) => {
    const { userId, doc } = await ownResultOf(ctx, generations);
    const { state } = await commands.load(generationStream(doc._id), generationDecider);
    if (state.userId !== userId || !state.request) throw new DomainError('NOT_FOUND', 'Book not found');
    return { userId, doc, state, quote: resumeQuote(state, doc.cost) };
  };

  return (router) => {
    // A question, not a request: a job that cannot be continued answers `null` (a 409 would be a
    // console error on every failed card of My Books that asks).
    router.get(RESUME_PATH, async (ctx) => {
      try {
        ctx.body = (await ownJob(ctx)).quote;
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'CONFLICT') throw error;
        ctx.type = 'application/json';
        ctx.body = 'null';
      }
    });

    router.post(RESUME_PATH, async (ctx) => {
      const { userId, doc, state, quote } = await ownJob(ctx);
      const kind = state.request?.kind ?? 'non-fiction';
      const chargeId = chargeIdOf(doc._id, quote.round);
      const at = clock.now().toISOString();
      const { events, state: account } = await commands.handle(
        accountStream(userId),
        accountDecider,
        {
          type: 'ResumeGeneration',
          generationId: doc._id,
          kind,
          round: quote.round,
          chargeId,
          cost: quote.credits,
          ...(TOOLS[kind].tiers ? { allowedTiers: TOOLS[kind].tiers } : {}),
        },
        { at, correlationId: String(ctx.state.requestId ?? chargeId), causationId: chargeId, userId },
      );
      if (events.length === 0) throw new DomainError('CONFLICT', ALREADY_CONTINUING);
      ctx.status = 202;
      ctx.body = {
        success: true,
        message: `Continuing your book from ${quote.from}`,
        generationId: doc._id,
        from: quote.from,
        creditsUsed: quote.credits,
        creditsDeducted: quote.credits,
        remainingCredits: account.credits,
      };
    });
  };
}
