import type { FeatureModule, Platform } from '../platform/module';
import { accountRebuilds } from './account-rebuilds';
import { bookEditRoutes } from './book-edits';
import { bookRoutes } from './books';
import { listingRoutes } from './listings';
import { readerQrRoutes } from './reader-qr';
import { galleryRoutes } from './routes';

/** My Books, My Images and the files behind them, read from the generations read model; book edits. */
export function galleryModule(
  platform: Pick<
    Platform,
    'eventStore' | 'readStore' | 'blobs' | 'commands' | 'clock' | 'config' | 'moderator'
  >,
): FeatureModule {
  // Book edits and reader QR codes both start free rebuilds: one account lock for both.
  const rebuilds = accountRebuilds(platform);
  return {
    name: 'gallery',
    routes: [
      galleryRoutes(platform),
      bookRoutes(platform),
      bookEditRoutes(platform, rebuilds),
      readerQrRoutes(platform, rebuilds),
      listingRoutes(platform),
    ],
  };
}
