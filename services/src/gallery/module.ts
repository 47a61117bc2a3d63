import type { FeatureModule, Platform } from '../platform/module';
import { deferredBody } from '../platform/uploads/upload-body';
import { accountRebuilds } from './account-rebuilds';
import { bookEditRoutes } from './book-edits';
import { bookReaderRoutes } from './book-readers';
import { bookRoutes } from './books';
import { listingRoutes } from './listings';
import { READER_MAGNET_PATH, readerMagnetRoutes } from './reader-magnet';
import { readerQrRoutes } from './reader-qr';
import { galleryRoutes } from './routes';

/** My Books, My Images and the files behind them, read from the generations read model; book edits. */
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
    // A reader magnet's PDF is read by its route once the owner and the book are known.
    bodyParsers: { [READER_MAGNET_PATH]: deferredBody },
    contentTypes: { [READER_MAGNET_PATH]: ['application/json', 'multipart/form-data'] },
    routes: [
      galleryRoutes(platform),
      bookRoutes(platform),
      bookEditRoutes(platform, rebuilds),
      readerQrRoutes(platform, rebuilds),
      bookReaderRoutes(platform),
      readerMagnetRoutes(platform),
      listingRoutes(platform),
    ],
  };
}
