import { listingStatusLabel } from '@studio/events';
import { requireSelf } from '../account/auth';
import type { RouteModule } from '../platform/http/app';
import type { Platform } from '../platform/module';
import { GENERATIONS, type GenerationDoc } from '../studio/generations-projection';
import { kindsListedIn } from '../studio/tools/registry';
import { failure } from './failure';

/** My KDP Listings lists the tools the registry places there. */
export const LISTING_KINDS = kindsListedIn({ list: 'listings' });

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The KDP listing of docs/product/creation-tools-qr.md (Data), plus the checker's verdicts. */
export function listingRecord(doc: GenerationDoc) {
  const result = doc.result ?? {};
  const keywords = Array.isArray(result.keywords) ? result.keywords.map(String) : [];
  return {
    id: doc._id,
    originalTitle: text(doc.input.bookTitle),
    bookPrompt: text(doc.input.bookPrompt),
    optimizedTitle: text(result.optimizedTitle),
    subtitle: text(result.subtitle),
    description: text(result.description),
    ...Object.fromEntries(keywords.map((keyword, i) => [`keyword${i + 1}`, keyword])),
    keywords: keywords.join(', '),
    checks: Array.isArray(result.checks) ? result.checks : [],
    // The product's words, and the status they translate, which the screen compares.
    status: listingStatusLabel(doc.status),
    generationStatus: doc.status,
    progress: doc.progress,
    createdAt: doc.createdAt,
    ...failure(doc),
  };
}

export function listingRoutes({ readStore }: Pick<Platform, 'readStore'>): RouteModule {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  return (router) => {
    router.get('/api/kdp-listings/:userId', async (ctx) => {
      const userId = requireSelf(ctx, ctx.params.userId);
      const docs = await generations.find(
        { userId, kind: { $in: LISTING_KINDS } },
        { sort: { createdAt: -1, _id: 1 } },
      );
      ctx.body = docs.map(listingRecord);
    });
  };
}
