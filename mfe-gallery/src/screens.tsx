// The gallery remote: the user's books, listings and images (docs/product/creation-tools-qr.md (Screens and routes)), one lazily loaded chunk each.
import type { ScreensModule } from '@studio/kit';
import { lazy } from 'react';
import type { GalleryScreen } from './routes';

export const screens: ScreensModule<GalleryScreen>['screens'] = {
  MyBooks: lazy(() => import(/* webpackChunkName: "screen-MyBooks" */ './books/MyBooksPage')),
  MyListings: lazy(() => import(/* webpackChunkName: "screen-MyListings" */ './listings/MyListingsPage')),
  MyImages: lazy(() => import(/* webpackChunkName: "screen-MyImages" */ './images/MyImagesPage')),
  BookEdit: lazy(() => import(/* webpackChunkName: "screen-BookEdit" */ './books/edit/BookEditPage')),
  PartVersions: lazy(
    () => import(/* webpackChunkName: "screen-PartVersions" */ './books/versions/PartVersionsPage'),
  ),
  KidsBookViewer: lazy(
    () => import(/* webpackChunkName: "screen-KidsBookViewer" */ './kids-book/KidsBookViewerPage'),
  ),
};
