// The studio remote's routes: the eight creation tools (spec 02 §2) and their nav entries
// (spec 01 §2.2). The build publishes this list as routes.json; type imports only.
import type { RemoteRoute, ScreenOf } from '@studio/kit';

export const routes = [
  {
    path: '/non-fiction-gen2',
    screen: 'NonFictionGen2',
    access: 'signed-in',
    nav: { section: 'Main', label: 'Non-Fiction Gen 2.0', icon: 'BookText', order: 20 },
  },
  {
    path: '/kdp-listing-generator',
    screen: 'KdpListingGenerator',
    access: 'signed-in',
    nav: { section: 'Main', label: 'KDP Listing Generator', icon: 'Tags', order: 30 },
  },
  {
    path: '/coloring-book-generator',
    screen: 'ColoringBookGenerator',
    access: 'signed-in',
    nav: { section: 'Main', label: 'Coloring Book Generator', icon: 'Palette', order: 40 },
  },
  {
    path: '/coloring-book-page-generator',
    screen: 'ColoringBookPageGenerator',
    access: 'signed-in',
    nav: { section: 'Main', label: 'Coloring Page Generator', icon: 'Brush', order: 50 },
  },
  {
    path: '/image-generator-v2',
    screen: 'ImageGeneratorV2',
    access: 'signed-in',
    nav: { section: 'Main', label: 'Image Generator v2', icon: 'Sparkles', order: 60 },
  },
  {
    path: '/image-editor',
    screen: 'ImageEditor',
    access: 'signed-in',
    nav: { section: 'Main', label: 'AI Image Editor', icon: 'Wand2', order: 70 },
  },
  {
    path: '/kids-book-generator',
    screen: 'KidsBookGenerator',
    access: 'signed-in',
    nav: { section: 'Main', label: 'Kids Book Generator', icon: 'BookOpen', order: 80 },
  },
  {
    path: '/non-fiction-book',
    screen: 'NonFictionBook',
    access: 'signed-in',
    nav: {
      section: 'Legacy Models',
      label: 'Non-fiction Book Writer',
      icon: 'PenTool',
      order: 10,
      badge: 'Legacy',
    },
  },
] as const satisfies readonly RemoteRoute[];

export type StudioScreen = ScreenOf<typeof routes>;
