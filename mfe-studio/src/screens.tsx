// The studio remote: the eight creation tools (spec 02 §2), one lazily loaded chunk per built
// screen; placeholders until their issues.
import type { ScreensModule } from '@studio/kit';
import { placeholderScreen } from '@studio/kit/widgets';
import { lazy } from 'react';
import type { StudioScreen } from './routes';

const screen = (title: string, spec: string, summary?: string) =>
  placeholderScreen('studio', title, spec, summary);

export const screens: ScreensModule<StudioScreen>['screens'] = {
  NonFictionBook: lazy(() => import('./books/NonFictionBookPage')),
  NonFictionGen2: lazy(() => import('./books/NonFictionGen2Page')),
  KdpListingGenerator: screen(
    'KDP Listing Generator',
    'spec 02 §2 KDP listing generator and My KDP Listings',
  ),
  ColoringBookGenerator: lazy(() => import('./books/ColoringBookPage')),
  ColoringBookPageGenerator: screen(
    'Coloring Page Generator',
    'spec 02 §2 Coloring book generator (single page)',
  ),
  ImageGeneratorV2: screen('Image Generator v2', 'spec 02 §2 Image generator v2'),
  ImageEditor: screen('AI Image Editor', 'spec 02 §2 AI image editor'),
  KidsBookGenerator: lazy(() => import('./books/KidsBookGeneratorPage')),
};
