import type { FeatureModule, Platform } from '../platform/module';
import { bookRoutes } from './books';
import { listingRoutes } from './listings';
import { galleryRoutes } from './routes';

/** My Books, My Images and the files behind them, read from the generations read model. */
export function galleryModule(platform: Pick<Platform, 'readStore' | 'blobs'>): FeatureModule {
  return {
    name: 'gallery',
    routes: [galleryRoutes(platform), bookRoutes(platform), listingRoutes(platform)],
  };
}
