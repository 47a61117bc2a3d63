import type Koa from 'koa';
import { z } from 'zod';
import { requireSelf } from '../account/auth';
import type { Runtime } from '../main/runtime';
import type { RouteModule } from '../platform/http/app';
import { parse } from '../platform/http/validation';
import { startGeneration } from './start-generation';

/** spec 02 §5 texts. */
export const STUDIO_MESSAGES = {
  coloringPagePrompt: 'Please provide a prompt for your coloring page.',
  coloringPageStarted: 'Your coloring page generation has started!',
  imagePrompt: 'Prompt Required: Please enter a prompt for your image.',
} as const;

const prompt = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(2000, 'The prompt is too long (2000 characters at most)');

export function studioRoutes(runtime: Runtime): RouteModule {
  const { commands, clock } = runtime;
  const request = (ctx: Koa.Context) => ({
    at: clock.now().toISOString(),
    correlationId: ctx.state.requestId as string,
  });

  return (router) => {
    router.post('/api/generate-coloring-book-page', async (ctx) => {
      const body = parse(
        z.object({ prompt: prompt(STUDIO_MESSAGES.coloringPagePrompt), userId: z.string().optional() }),
        ctx.request.body,
      );
      const userId = requireSelf(ctx, body.userId);
      const started = await startGeneration(commands, {
        userId,
        kind: 'coloring-page',
        input: { prompt: body.prompt },
        ...request(ctx),
      });
      ctx.status = 202;
      ctx.body = {
        success: true,
        message: STUDIO_MESSAGES.coloringPageStarted,
        generationId: started.generationId,
        creditsUsed: started.creditsUsed,
        creditsDeducted: started.creditsUsed,
        remainingCredits: started.remainingCredits,
      };
    });
  };
}
