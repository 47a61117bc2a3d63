// The studio remote: the eight creation tools (spec 02 §2), one lazily loaded chunk each.
import type { ScreensModule } from '@studio/kit';
import { lazy } from 'react';
import type { StudioScreen } from './routes';

export const screens: ScreensModule<StudioScreen>['screens'] = {
  NonFictionBook: lazy(() => import('./books/NonFictionBookPage')),
  NonFictionGen2: lazy(() => import('./books/NonFictionGen2Page')),
  KdpListingGenerator: lazy(() => import('./tools/KdpListingGenerator')),
  ColoringBookGenerator: lazy(() => import('./books/ColoringBookPage')),
  ColoringBookPageGenerator: lazy(() => import('./tools/ColoringPageGenerator')),
  ImageGeneratorV2: lazy(() => import('./tools/ImageGeneratorV2')),
  ImageEditor: lazy(() => import('./tools/ImageEditor')),
  KidsBookGenerator: lazy(() => import('./books/KidsBookGeneratorPage')),
};
