import type { FeatureModule, Platform } from '../platform/module';
import { accountRebuilds } from './account-rebuilds';
import { bookEditRoutes } from './book-edits';
import { bookRoutes } from './books';
import { listingRoutes } from './listings';
import { partVersionRoutes } from './part-version-routes';
import { readerQrRoutes } from './reader-qr';
import { galleryRoutes } from './routes';

/** My Books, My Images and the files behind them, read from the generations read model; book edits and part versions. */
export function galleryModule(
  platform: Pick<
    Platform,
    'eventStore' | 'readStore' | 'blobs' | 'commands' | 'clock' | 'config' | 'moderator'
  >,
): FeatureModule {
  // Book edits and reader codes both start free rebuilds: one of an account's books at a time.
  const rebuilds = accountRebuilds(platform);
  return {
    name: 'gallery',
    routes: [
      galleryRoutes(platform),
      bookRoutes(platform),
      bookEditRoutes(platform, rebuilds),
      readerQrRoutes(platform, rebuilds),
      partVersionRoutes(platform, rebuilds),
      listingRoutes(platform),
    ],
  };
}
