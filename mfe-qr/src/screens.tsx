// The QR remote: list, create, detail (docs/product/creation-tools-qr.md (Screens and routes)), edit and the in-app landing page, one chunk each.
import type { ScreensModule } from '@studio/kit';
import { lazy } from 'react';
import type { QrScreen } from './routes';

export const screens: ScreensModule<QrScreen>['screens'] = {
  QrCodes: lazy(() => import(/* webpackChunkName: "screen-QrCodes" */ './list/QrCodesPage')),
  QrCodeCreate: lazy(() => import(/* webpackChunkName: "screen-QrCodeCreate" */ './create/CreateQrCodePage')),
  QrCodesBulk: lazy(() => import(/* webpackChunkName: "screen-QrCodesBulk" */ './bulk/BulkQrCodesPage')),
  QrCodeDetail: lazy(() => import(/* webpackChunkName: "screen-QrCodeDetail" */ './detail/QrCodeDetailPage')),
  QrCodeEdit: lazy(() => import(/* webpackChunkName: "screen-QrCodeEdit" */ './edit/EditQrCodePage')),
  QrLanding: lazy(() => import(/* webpackChunkName: "screen-QrLanding" */ './landing/QrLandingPage')),
};
