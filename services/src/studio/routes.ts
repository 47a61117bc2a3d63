import { GENERATION_KINDS, type GenerationKind, type ToolBody, type ToolContract } from '@studio/events';
import type Koa from 'koa';
import { type AppendBudget, DAY_MS, MINUTE_MS, perAccountLimit } from '../account/append-limits';
import { requireSelf, requireUser } from '../account/auth';
import type { RouteModule } from '../platform/http/app';
import { parse } from '../platform/http/validation';
import { newId } from '../platform/ids';
import { moderationItems, requireAcceptable } from '../platform/moderation';
import type { Platform } from '../platform/module';
import { type CleanImage, cleanImage } from '../platform/uploads/image';
import { readUploadBody } from '../platform/uploads/upload-body';
import { artifactBlobId } from './artifacts';
import { requireAffordableNow, type StartedGeneration, startGeneration } from './start-generation';
import { resolveStyle } from './styles/choice';
import type { ServerTool, ToolRegistry } from './tools/registry';

/** The user id the spec's clients put in the body (`userId`, or v1's `User: [id]`); only checked, never trusted. */
function claimedUserId(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return undefined;
  if ('userId' in body) return body.userId;
  if ('User' in body && Array.isArray(body.User)) return body.User[0];
  return undefined;
}

/** docs/product/creation-tools-qr.md (Data) generation response: the tool's message and id, and the credit fields. */
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

/**
 * Generations started per account, every tool together. Each costs credits, but a failed one is
 * refunded and its events stay: a person waits minutes for a result, and no plan's credits buy
 * more than a hundred of the cheapest tool in a month.
 */
export const GENERATION_STARTS: AppendBudget = {
  name: 'generation',
  windows: [
    { limit: 60, windowMs: MINUTE_MS },
    { limit: 600, windowMs: DAY_MS },
  ],
};

/** A picture cleaned by the upload pipeline, to be written under its blob id once the job is accepted. */
interface KeptImage {
  id: string;
  image: CleanImage;
}

function mountTool<K extends GenerationKind>(
  router: Parameters<RouteModule>[0],
  tool: ServerTool<K>,
  {
    commands,
    clock,
    blobs,
    moderator,
    config,
  }: Pick<Platform, 'commands' | 'clock' | 'blobs' | 'moderator' | 'config'>,
  limit: Koa.Middleware[],
) {
  // Limited before an upload's body is read.
  router.post(tool.route.path, ...limit, async (ctx: Koa.Context) => {
    let raw: unknown = ctx.request.body;
    let file: Buffer | undefined;
    const upload = tool.upload;
    if (upload) {
      // Who asks, their plan and their balance before a byte of the upload is read. An upload
      // tool's cost does not depend on the body (see `ServerTool.upload`).
      const caller = requireUser(ctx);
      await requireAffordableNow(commands, caller, tool.cost({} as ToolBody<K>), tool.tiers);
      ({ fields: raw, file } = await readUploadBody(ctx, upload));
    }
    const body = parse(tool.schema, raw);
    const userId = requireSelf(ctx, claimedUserId(raw));
    // A saved style must be the caller's own and their plan Premium, before anything is kept.
    const style =
      'style' in body ? await resolveStyle(commands, userId, body.style as string | undefined) : undefined;
    const generationId = newId();
    const kept: KeptImage[] = [];
    const request = await tool.prepare(body, {
      ...(file ? { file } : {}),
      ...(style ? { style } : {}),
      keepImage: async (role, bytes) => {
        if (!upload) throw new Error(`${tool.kind} declares no upload`);
        const image = await cleanImage(bytes, upload, userId);
        const id = artifactBlobId(generationId, role, image.format);
        kept.push({ id, image });
        return id;
      },
    });
    // What the request asks us to make is checked before a credit is spent or a file written.
    await requireAcceptable(
      moderator,
      moderationItems(
        body,
        kept.map(({ image }) => ({ field: upload?.field ?? 'picture', image })),
      ),
      tool.kind === 'kids-book' ? config.moderation.kidsBookOutage : config.moderation.outage,
    );
    let started: StartedGeneration;
    try {
      // Written before the append, so a worker never sees a job without its picture; removed in
      // this same path when the append is refused (credits spent meanwhile, plan changed).
      for (const { id, image } of kept) await blobs.put(id, image.bytes, image.contentType);
      started = await startGeneration(commands, {
        userId,
        generationId,
        request,
        cost: tool.cost(body),
        ...(tool.tiers ? { tiers: tool.tiers } : {}),
        at: clock.now().toISOString(),
        correlationId: ctx.state.requestId as string,
      });
    } catch (error) {
      await Promise.all(kept.map(({ id }) => blobs.delete(id)));
      throw error;
    }
    ctx.status = 202;
    ctx.body = startResponse(tool.response, started);
  });
}

/** One route per tool that has a generator, derived from the registry (docs/product/creation-tools-qr.md (API)). */
export function studioRoutes(
  tools: ToolRegistry,
  deps: Pick<Platform, 'commands' | 'clock' | 'blobs' | 'moderator' | 'config'>,
): RouteModule {
  return (router) => {
    // One budget for every tool: the counter is shared.
    const limit = perAccountLimit(GENERATION_STARTS, deps.clock);
    const mount = <K extends GenerationKind>(kind: K) => {
      const tool = tools[kind];
      if (tool.generator) mountTool(router, tool, deps, limit);
    };
    for (const kind of GENERATION_KINDS) mount(kind);
  };
}
