import { EPUB_NOT_INCLUDED, epubIncluded, imageStatusLabel } from '@studio/events';
import type Koa from 'koa';
import sharp from 'sharp';
import { requireSelf, requireUser } from '../account/auth';
import type { BlobStore } from '../platform/blobs/port';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import type { Platform } from '../platform/module';
import { readYourWrites } from '../platform/readstore/read-your-writes';
import { artifactBlobId, previewBlobId } from '../studio/artifacts';
import { GENERATIONS, type GenerationDoc } from '../studio/generations-projection';
import { kindsListedIn } from '../studio/tools/registry';
import { bookFileName } from './download-names';
import { failure } from './failure';

/** The gallery's cards show a small WebP; the full PNG is fetched only to download it. */
export const PREVIEW_MAX_PX = 480;
export const previewUrl = (blobId: string) => `${fileUrl(blobId)}?preview`;

/** A blob's preview, made once and kept beside it (`previewBlobId`). */
async function imagePreview(blobs: BlobStore, blobId: string): Promise<Buffer> {
  const previewId = previewBlobId(blobId);
  const cached = await blobs.get(previewId);
  if (cached) return cached.data;
  const blob = await blobs.get(blobId);
  if (!blob?.contentType.startsWith('image/')) throw new DomainError('NOT_FOUND', 'Preview not found');
  const preview = await sharp(blob.data, { limitInputPixels: 40_000_000 })
    .resize(PREVIEW_MAX_PX, PREVIEW_MAX_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
  await blobs.put(previewId, preview, 'image/webp');
  return preview;
}

export const fileUrl = (blobId: string) => `/api/files/${encodeURIComponent(blobId)}`;

const artifactUrl = (doc: GenerationDoc, role: string) => {
  const artifact = doc.artifacts.find((a) => a.role === role);
  return artifact ? fileUrl(artifact.blobId) : null;
};

const artifactPreview = (doc: GenerationDoc, role: string) => {
  const artifact = doc.artifacts.find((a) => a.role === role);
  return artifact ? previewUrl(artifact.blobId) : null;
};

/** The image-source records of docs/product/creation-tools-qr.md (Data): id, prompt, status, image, createdTime. */
function imageRecord(doc: GenerationDoc) {
  return {
    id: doc._id,
    prompt: String(doc.input.prompt ?? ''),
    // The product's words, and the status they translate, which the screens compare.
    status: imageStatusLabel(doc.status),
    generationStatus: doc.status,
    image: artifactUrl(doc, 'image'),
    imagePreview: artifactPreview(doc, 'image'),
    createdTime: doc.createdAt,
    creditsUsed: doc.cost,
    progress: doc.progress,
    type: doc.kind,
    ...failure(doc),
  };
}

function editorRecord(doc: GenerationDoc) {
  // A failed edit's upload is deleted with its refund: there is no original to show.
  const originalBlobId = doc.status === 'failed' ? undefined : doc.input.originalBlobId;
  return {
    id: doc._id,
    prompt: String(doc.input.prompt ?? ''),
    // The product's words, and the status they translate, which the screens compare.
    status: imageStatusLabel(doc.status),
    generationStatus: doc.status,
    originalImage: typeof originalBlobId === 'string' ? fileUrl(originalBlobId) : null,
    editedImage: artifactUrl(doc, 'edited'),
    originalPreview: typeof originalBlobId === 'string' ? previewUrl(originalBlobId) : null,
    editedPreview: artifactPreview(doc, 'edited'),
    createdTime: doc.createdAt,
    creditsUsed: doc.cost,
    progress: doc.progress,
    ...failure(doc),
  };
}

export function galleryRoutes({
  eventStore,
  readStore,
  blobs,
}: Pick<Platform, 'eventStore' | 'readStore' | 'blobs'>): RouteModule {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  // My Images reads its lists again on the progress stream's events: they must show them.
  const list = async (ctx: Koa.Context, kinds: string[]) => {
    const userId = requireSelf(ctx, ctx.params.userId);
    await readYourWrites({ eventStore, readStore }, GENERATIONS);
    return generations.find({ userId, kind: { $in: kinds } }, { sort: { createdAt: -1, _id: 1 } });
  };

  return (router) => {
    router.get('/api/coloring-book-generations/:userId', async (ctx) => {
      ctx.body = (await list(ctx, kindsListedIn({ list: 'images', source: 'coloring' }))).map(imageRecord);
    });
    router.get('/api/image-generations-v2/:userId', async (ctx) => {
      ctx.body = (await list(ctx, kindsListedIn({ list: 'images', source: 'image-v2' }))).map(imageRecord);
    });
    router.get('/api/image-editor-generations/:userId', async (ctx) => {
      ctx.body = (await list(ctx, kindsListedIn({ list: 'images', source: 'image-editor' }))).map(
        editorRecord,
      );
    });

    /**
     * docs/product/creation-tools-qr.md (API) "standard images": the first image generator, which this product does not offer
     * (its route redirects to v2), so nobody has any; the list is the owner's and always empty.
     */
    router.get('/api/airtable/images/:userId', async (ctx) => {
      requireSelf(ctx, ctx.params.userId);
      ctx.body = [];
    });

    /** Generated and uploaded files, to their owner only. Blob ids are `gen-{generationId}-…`. */
    router.get('/api/files/:blobId', async (ctx) => {
      const userId = requireUser(ctx);
      const blobId = String(ctx.params.blobId);
      const match = /^gen-([0-9a-f-]{36})-[A-Za-z0-9._-]+$/.exec(blobId);
      const owner = match?.[1] ? await generations.get(match[1]) : null;
      if (!owner || owner.userId !== userId) throw new DomainError('NOT_FOUND', 'File not found');
      // A book made on a plan without EPUB has none: say why instead of a bare 404.
      if (blobId === artifactBlobId(owner._id, 'epub', 'epub') && !epubIncluded(owner.tier))
        throw new DomainError('FORBIDDEN', EPUB_NOT_INCLUDED);
      ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
      if (ctx.query.preview !== undefined) {
        const preview = await imagePreview(blobs, blobId);
        ctx.type = 'image/webp';
        ctx.body = preview;
        return;
      }
      const blob = await blobs.stream(blobId);
      if (!blob) throw new DomainError('NOT_FOUND', 'File not found');
      const name = bookFileName(owner, blobId);
      if (name) ctx.attachment(name);
      ctx.type = blob.contentType;
      ctx.length = blob.size;
      ctx.body = blob.stream;
    });
  };
}
