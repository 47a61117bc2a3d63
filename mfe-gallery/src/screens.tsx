// The gallery remote: the user's books, listings and images (spec 02 §2). Placeholders until their issues.
import type { ScreensModule } from '@studio/kit';
import { placeholderScreen } from '@studio/kit/widgets';
import { lazy } from 'react';
import type { GalleryScreen } from './routes';

const screen = (title: string, spec: string, summary?: string) =>
  placeholderScreen('gallery', title, spec, summary);

export const screens: ScreensModule<GalleryScreen>['screens'] = {
  MyBooks: screen('My Books', 'spec 02 §2 My Books', 'Manage your book projects'),
  MyListings: lazy(() => import('./listings/MyListingsPage')),
  MyImages: lazy(() => import('./images/MyImagesPage')),
  KidsBookViewer: screen('Kids Book', 'spec 02 §2 Kids book viewer'),
};
