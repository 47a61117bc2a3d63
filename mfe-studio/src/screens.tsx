// The studio remote: the eight creation tools (spec 02 §2). Placeholders until their issues.
import type { ScreensModule } from '@studio/kit';
import { placeholderScreen } from '@studio/kit/widgets';
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
  KdpListingGenerator: screen(
    'KDP Listing Generator',
    'spec 02 §2 KDP listing generator and My KDP Listings',
  ),
  ColoringBookGenerator: screen('Coloring Book Generator', 'spec 02 §2 Coloring book generator'),
  ColoringBookPageGenerator: screen(
    'Coloring Page Generator',
    'spec 02 §2 Coloring book generator (single page)',
  ),
  ImageGeneratorV2: screen('Image Generator v2', 'spec 02 §2 Image generator v2'),
  ImageEditor: screen('AI Image Editor', 'spec 02 §2 AI image editor'),
  KidsBookGenerator: screen('Kids Book Generator', 'spec 02 §2 Kids book generator'),
};
