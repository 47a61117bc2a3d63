// The QR remote: codes, analytics and the public landing page (spec 02 §2). Placeholders until their issues.
import type { ScreensModule } from '@studio/kit';
import { placeholderScreen } from '@studio/kit/widgets';
import type { QrScreen } from './routes';

const screen = (title: string, spec: string, summary?: string) =>
  placeholderScreen('qr', title, spec, summary);

export const screens: ScreensModule<QrScreen>['screens'] = {
  QrCodes: screen('QR Codes', 'spec 02 §2 QR code list (its content is not shown in the spec)'),
  QrCodeDetail: screen('QR Code', 'spec 02 §2 QR code detail'),
  QrLanding: screen('Join Our Community', 'spec 02 §2 Public QR landing page'),
};
