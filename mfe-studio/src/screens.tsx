// The studio remote: the eight creation tools (spec 02 §2), one lazily loaded chunk each.
import type { ScreensModule } from '@studio/kit';
import { lazy } from 'react';
import type { StudioScreen } from './routes';

export const screens: ScreensModule<StudioScreen>['screens'] = {
  NonFictionBook: lazy(
    () => import(/* webpackChunkName: "screen-NonFictionBook" */ './books/NonFictionBookPage'),
  ),
  NonFictionGen2: lazy(
    () => import(/* webpackChunkName: "screen-NonFictionGen2" */ './books/NonFictionGen2Page'),
  ),
  KdpListingGenerator: lazy(
    () => import(/* webpackChunkName: "screen-KdpListingGenerator" */ './tools/KdpListingGenerator'),
  ),
  ColoringBookGenerator: lazy(
    () => import(/* webpackChunkName: "screen-ColoringBookGenerator" */ './books/ColoringBookPage'),
  ),
  ColoringBookPageGenerator: lazy(
    () => import(/* webpackChunkName: "screen-ColoringBookPageGenerator" */ './tools/ColoringPageGenerator'),
  ),
  ImageGeneratorV2: lazy(
    () => import(/* webpackChunkName: "screen-ImageGeneratorV2" */ './tools/ImageGeneratorV2'),
  ),
  ImageEditor: lazy(() => import(/* webpackChunkName: "screen-ImageEditor" */ './tools/ImageEditor')),
  KidsBookGenerator: lazy(
    () => import(/* webpackChunkName: "screen-KidsBookGenerator" */ './books/KidsBookGeneratorPage'),
  ),
};
