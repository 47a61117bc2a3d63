// The QR remote: list, create, detail (spec 02 §2), edit and the in-app landing page, one chunk each.
import type { ScreensModule } from '@studio/kit';
import { lazy } from 'react';
import type { QrScreen } from './routes';

export const screens: ScreensModule<QrScreen>['screens'] = {
  QrCodes: lazy(() => import('./list/QrCodesPage')),
  QrCodeCreate: lazy(() => import('./create/CreateQrCodePage')),
  QrCodeDetail: lazy(() => import('./detail/QrCodeDetailPage')),
  QrCodeEdit: lazy(() => import('./edit/EditQrCodePage')),
  QrLanding: lazy(() => import('./landing/QrLandingPage')),
};
