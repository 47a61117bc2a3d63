// The studio remote: the eight creation tools (spec 02 §2), one lazily loaded chunk each;
// placeholders for the tools whose issues have not landed.
import type { ScreensModule } from '@studio/kit';
import { placeholderScreen } from '@studio/kit/widgets';
import { lazy } from 'react';
import type { StudioScreen } from './routes';

const screen = (title: string, spec: string, summary?: string) =>
  placeholderScreen('studio', title, spec, summary);

export const screens: ScreensModule<StudioScreen>['screens'] = {
  NonFictionBook: screen('Non-fiction Book Writer', 'spec 02 §2 Non-fiction creator v1'),
  NonFictionGen2: screen(
    'Non-Fiction Gen 2.0',
    'spec 02 §2 Non-fiction Gen 2.0',
    'Outline first, then the book.',
  ),
  KdpListingGenerator: lazy(() => import('./tools/KdpListingGenerator')),
  ColoringBookGenerator: screen('Coloring Book Generator', 'spec 02 §2 Coloring book generator'),
  ColoringBookPageGenerator: lazy(() => import('./tools/ColoringPageGenerator')),
  ImageGeneratorV2: lazy(() => import('./tools/ImageGeneratorV2')),
  ImageEditor: lazy(() => import('./tools/ImageEditor')),
  KidsBookGenerator: screen('Kids Book Generator', 'spec 02 §2 Kids book generator'),
};
