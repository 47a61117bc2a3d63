// The studio remote: one lazily loaded chunk per tool. Each is the generic tool screen
// (tool-screen/) with its registry entries and its own options; Gen 2.0's outline flow is its own.
import type { ScreensModule } from '@studio/kit';
import { lazy } from 'react';
import type { StudioScreen } from './routes';

export const screens: ScreensModule<StudioScreen>['screens'] = {
  NonFictionBook: lazy(
    () => import(/* webpackChunkName: "screen-NonFictionBook" */ './tools/NonFictionBook'),
  ),
  NonFictionGen2: lazy(
    () => import(/* webpackChunkName: "screen-NonFictionGen2" */ './books/NonFictionGen2Page'),
  ),
  KdpListingGenerator: lazy(
    () => import(/* webpackChunkName: "screen-KdpListingGenerator" */ './tools/KdpListingGenerator'),
  ),
  ColoringBookGenerator: lazy(
    () => import(/* webpackChunkName: "screen-ColoringBookGenerator" */ './tools/ColoringBookGenerator'),
  ),
  ColoringBookPageGenerator: lazy(
    () => import(/* webpackChunkName: "screen-ColoringBookPageGenerator" */ './tools/ColoringPageGenerator'),
  ),
  ImageGeneratorV2: lazy(
    () => import(/* webpackChunkName: "screen-ImageGeneratorV2" */ './tools/ImageGeneratorV2'),
  ),
  ImageEditor: lazy(() => import(/* webpackChunkName: "screen-ImageEditor" */ './tools/ImageEditor')),
  KidsBookGenerator: lazy(
    () => import(/* webpackChunkName: "screen-KidsBookGenerator" */ './tools/KidsBookGenerator'),
  ),
};
