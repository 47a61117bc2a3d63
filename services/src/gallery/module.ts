import type { FeatureModule, Platform } from '../platform/module';
import { bookReaderRoutes } from './book-readers';
import { bookRoutes } from './books';
import { editViewRoutes } from './edit-view';
import { listingRoutes } from './listings';
import { galleryRoutes } from './routes';

/** My Books, My Images and the files behind them, read from the generations read model (the Edit view's words among them). */
export function galleryModule(
  platform: Pick<
    Platform,
    'eventStore' | 'readStore' | 'blobs' | 'commands' | 'clock' | 'config' | 'moderator'
  >,
): FeatureModule {
  return {
    name: 'gallery',
    routes: [
      galleryRoutes(platform),
      bookRoutes(platform),
      editViewRoutes(platform),
      bookReaderRoutes(platform),
      listingRoutes(platform),
    ],
  };
}
