// The gallery remote: the user's books, listings and images (spec 02 §2), one lazily loaded chunk
// per built screen.
import type { ScreensModule } from '@studio/kit';
import { placeholderScreen } from '@studio/kit/widgets';
import { lazy } from 'react';
import type { GalleryScreen } from './routes';

const screen = (title: string, spec: string, summary?: string) =>
  placeholderScreen('gallery', title, spec, summary);

export const screens: ScreensModule<GalleryScreen>['screens'] = {
  MyBooks: lazy(() => import('./books/MyBooksPage')),
  MyListings: screen('My KDP Listings', 'spec 02 §2 KDP listing generator and My KDP Listings'),
  MyImages: screen('My Images', 'spec 02 §2 My Images', 'View and download your AI-generated images'),
  KidsBookViewer: lazy(() => import('./kids-book/KidsBookViewerPage')),
};
