import { GENERATION_KINDS, type GenerationKind, type ToolContract } from '@studio/events';
import type Koa from 'koa';
import { requireSelf } from '../account/auth';
import type { RouteModule } from '../platform/http/app';
import { parse } from '../platform/http/validation';
import { newId } from '../platform/ids';
import type { Platform } from '../platform/module';
import { type StartedGeneration, startGeneration } from './start-generation';
import type { UploadedPart } from './tools/character-upload';
import type { ServerTool, ToolRegistry } from './tools/registry';

/** The user id the spec's clients put in the body (`userId`, or v1's `User: [id]`); only checked, never trusted. */
function claimedUserId(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return undefined;
  if ('userId' in body) return body.userId;
  if ('User' in body && Array.isArray(body.User)) return body.User[0];
  return undefined;
}

/** spec 02 §3 generation response: the tool's message and id, and the credit fields. */
function startResponse(response: ToolContract<GenerationKind>['response'], started: StartedGeneration) {
  return {
    success: true,
    message: response.message,
    generationId: started.generationId,
    ...(response.idField ? { [response.idField]: started.generationId } : {}),
    creditsUsed: started.creditsUsed,
    creditsDeducted: started.creditsUsed,
    remainingCredits: started.remainingCredits,
  };
}

/** A multipart file part parsed by koa-body (one file per field; a repeated field keeps the first). */
function uploadedPart(ctx: Koa.Context, field: string): UploadedPart | undefined {
  const files = (ctx.request as { files?: Record<string, unknown> }).files;
  const part = files?.[field];
  const first = Array.isArray(part) ? part[0] : part;
  if (!first || typeof first !== 'object' || !('filepath' in first)) return undefined;
  const { filepath, size } = first as { filepath: unknown; size: unknown };
  return typeof filepath === 'string' && typeof size === 'number' && size > 0
    ? { filepath, size }
    : undefined;
}

function mountTool<K extends GenerationKind>(
  router: Parameters<RouteModule>[0],
  tool: ServerTool<K>,
  { commands, clock, blobs }: Pick<Platform, 'commands' | 'clock' | 'blobs'>,
) {
  router.post(tool.route.path, async (ctx: Koa.Context) => {
    const body = parse(tool.schema, ctx.request.body);
    const userId = requireSelf(ctx, claimedUserId(ctx.request.body));
    const generationId = newId();
    const request = await tool.prepare(body, {
      generationId,
      blobs,
      file: (field) => uploadedPart(ctx, field),
    });
    const started = await startGeneration(commands, {
      userId,
      generationId,
      request,
      cost: tool.cost(body),
      ...(tool.tiers ? { tiers: tool.tiers } : {}),
      at: clock.now().toISOString(),
      correlationId: ctx.state.requestId as string,
    });
    ctx.status = 202;
    ctx.body = startResponse(tool.response, started);
  });
}

/** One route per tool that has a generator, derived from the registry (spec 02 §7). */
export function studioRoutes(
  tools: ToolRegistry,
  deps: Pick<Platform, 'commands' | 'clock' | 'blobs'>,
): RouteModule {
  return (router) => {
    const mount = <K extends GenerationKind>(kind: K) => {
      const tool = tools[kind];
      if (tool.generator) mountTool(router, tool, deps);
    };
    for (const kind of GENERATION_KINDS) mount(kind);
  };
}
