import {
  SAVED_STYLE_LIMITS,
  type SavedStylesResponse,
  type SavedStyleView,
  STYLE_MESSAGES,
  STYLES_PATH,
  savedStyleRequest,
  savedStylesAllowed,
  stylesStream,
} from '@studio/events';
import type Koa from 'koa';
import { type AppendBudget, DAY_MS, MINUTE_MS, perAccountLimit } from '../../account/append-limits';
import { requireUser } from '../../account/auth';
import { loadAccount } from '../../account/identity';
import { DomainError } from '../../platform/errors';
import type { RouteModule } from '../../platform/http/app';
import { parse } from '../../platform/http/validation';
import { newId } from '../../platform/ids';
import { moderationItems, requireAcceptable } from '../../platform/moderation';
import type { Platform } from '../../platform/module';
import { readYourWrites } from '../../platform/readstore/read-your-writes';
import { type CleanImage, cleanImage, dataUrlBytes, type UploadRule } from '../../platform/uploads/image';
import { readUploadBody } from '../../platform/uploads/upload-body';
import { requireSavedStylesPlan } from './choice';
import { stylesDecider } from './decider';
import { SAVED_STYLES, type SavedStyleDoc, savedStylesProjection } from './projection';

/** The reference picture travels as a data URL inside JSON: 2 MB of image at most. */
export const STYLE_UPLOAD: UploadRule = {
  field: 'referenceImage',
  maxBytes: SAVED_STYLE_LIMITS.imageBytes,
  tooLarge: STYLE_MESSAGES.imageTooLarge,
  jsonBytes: Math.ceil((SAVED_STYLE_LIMITS.imageBytes * 4) / 3) + 16 * 1024,
};

/** Saves and deletes per account: far more than anyone tidying a list of twenty needs. */
const STYLE_WRITES: AppendBudget = {
  name: 'styles',
  windows: [
    { limit: 30, windowMs: MINUTE_MS },
    { limit: 200, windowMs: DAY_MS },
  ],
};

const STYLE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const referenceBlobId = (styleId: string, format: CleanImage['format']) => `style-${styleId}.${format}`;
const imageUrl = (styleId: string) => `${STYLES_PATH}/${styleId}/image`;

const view = (doc: SavedStyleDoc): SavedStyleView => ({
  id: doc._id,
  name: doc.name,
  description: doc.description,
  imageUrl: doc.referenceBlobId ? imageUrl(doc._id) : null,
  createdAt: doc.createdAt,
});

/**
 * "My styles" (docs/product/creation-tools-qr.md (Screens and routes: Styles)): a Premium account lists, saves and
 * deletes its own styles. Another account's style is not found, whoever asks. An account that
 * left Premium still lists its styles, sees their pictures and may delete them, but saves none
 * (and no tool takes them: `choice.ts`).
 */
export function styleRoutes(
  platform: Pick<
    Platform,
    'commands' | 'eventStore' | 'readStore' | 'blobs' | 'clock' | 'moderator' | 'config'
  >,
): RouteModule {
  const { commands, readStore, blobs, clock, moderator, config } = platform;
  const styles = readStore.collection<SavedStyleDoc>(SAVED_STYLES);
  const limit = perAccountLimit(STYLE_WRITES, clock);
  const context = (ctx: Koa.Context, userId: string) => ({
    at: clock.now().toISOString(),
    correlationId: String(ctx.state.requestId ?? ''),
    causationId: `${ctx.method} ${ctx.path}`,
    userId,
  });
  const own = async (ctx: Koa.Context): Promise<SavedStyleDoc> => {
    const userId = requireUser(ctx);
    const id = String(ctx.params.id);
    if (STYLE_ID.test(id)) await readYourWrites(platform, savedStylesProjection.name);
    const doc = STYLE_ID.test(id) ? await styles.get(id) : null;
    if (!doc || doc.userId !== userId) throw new DomainError('NOT_FOUND', STYLE_MESSAGES.notFound);
    return doc;
  };

  return (router) => {
    router.get(STYLES_PATH, async (ctx) => {
      const userId = requireUser(ctx);
      await readYourWrites(platform, savedStylesProjection.name);
      const mine = await styles.find({ userId }, { sort: { createdAt: 1 } });
      const body: SavedStylesResponse = {
        styles: mine.map(view),
        canUse: savedStylesAllowed((await loadAccount(commands, userId))?.tier),
        limit: SAVED_STYLE_LIMITS.perAccount,
      };
      ctx.body = body;
    });

    router.post(STYLES_PATH, ...limit, async (ctx) => {
      // Signed in and on Premium before a byte of the body is read.
      const userId = requireUser(ctx);
      await requireSavedStylesPlan(commands, userId);
      const { fields } = await readUploadBody(ctx, STYLE_UPLOAD);
      const input = parse(savedStyleRequest, fields);
      const bytes =
        input.referenceImage === undefined
          ? undefined
          : (dataUrlBytes(input.referenceImage) ?? Buffer.alloc(0));
      // The bytes decide: one PNG, JPEG or WebP within the limits, re-encoded without metadata.
      const image = bytes ? await cleanImage(bytes, STYLE_UPLOAD, userId) : undefined;
      await requireAcceptable(
        moderator,
        moderationItems(
          { name: input.name, description: input.description },
          image ? [{ field: STYLE_UPLOAD.field, image }] : [],
        ),
        config.moderation.outage,
      );
      const styleId = newId();
      const blobId = image ? referenceBlobId(styleId, image.format) : undefined;
      try {
        if (image && blobId) await blobs.put(blobId, image.bytes, image.contentType);
        // The limit is decided on the account's stream: of saves at once at the limit, one passes.
        await commands.handle(
          stylesStream(userId),
          stylesDecider,
          {
            type: 'SaveStyle',
            styleId,
            userId,
            name: input.name,
            description: input.description,
            ...(blobId ? { referenceBlobId: blobId } : {}),
          },
          context(ctx, userId),
        );
      } catch (error) {
        if (blobId) await blobs.delete(blobId);
        throw error;
      }
      ctx.status = 201;
      ctx.body = {
        id: styleId,
        name: input.name,
        description: input.description,
        imageUrl: blobId ? imageUrl(styleId) : null,
        createdAt: context(ctx, userId).at,
      } satisfies SavedStyleView;
    });

    router.delete(`${STYLES_PATH}/:id`, ...limit, async (ctx) => {
      const doc = await own(ctx);
      await commands.handle(
        stylesStream(doc.userId),
        stylesDecider,
        { type: 'DeleteStyle', styleId: doc._id, userId: doc.userId },
        context(ctx, doc.userId),
      );
      // A job asked with this style before keeps its words and colours (`art-style.ts`).
      if (doc.referenceBlobId) await blobs.delete(doc.referenceBlobId);
      ctx.body = { success: true };
    });

    router.get(`${STYLES_PATH}/:id/image`, async (ctx) => {
      const doc = await own(ctx);
      const blob = doc.referenceBlobId ? await blobs.get(doc.referenceBlobId) : null;
      if (!blob) throw new DomainError('NOT_FOUND', 'Image not found');
      ctx.set('Cache-Control', 'private, max-age=300');
      ctx.type = blob.contentType;
      ctx.body = blob.data;
    });
  };
}
