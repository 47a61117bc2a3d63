import type {
  LandingPageSettings,
  QrCodeCreated,
  QrCodeUpdated,
  QrColors,
  QrEvent,
  QrReaderMagnetSet,
  QrScanned,
} from '@studio/events';
import { assertNever, type Decider } from '../platform/decider';
import { DomainError } from '../platform/errors';

/** A code as its owner sees it; scans and signups are not folded here (they live on qractivity-{id}). */
export interface QrCodeState
  extends Pick<
    QrCodeCreated['data'],
    'qrId' | 'userId' | 'title' | 'description' | 'url' | 'linkType' | 'trackingEnabled' | 'logo'
  > {
  exists: boolean;
  deleted: boolean;
  landingPage: LandingPageSettings;
  encodedUrl: string;
  colors: QrColors;
  createdAt: string;
  /** A reader code's bonus, handed to each reader who signs up. */
  magnet?: Omit<QrReaderMagnetSet['data'], 'qrId'>;
}

export const DEFAULT_QR_COLORS: QrColors = { dark: '#000000', light: '#FFFFFF' };

export const initialQrState: QrCodeState = {
  exists: false,
  deleted: false,
  qrId: '',
  userId: '',
  title: '',
  url: '',
  linkType: 'direct',
  trackingEnabled: true,
  landingPage: {},
  encodedUrl: '',
  colors: DEFAULT_QR_COLORS,
  createdAt: '',
};

export type QrCommand =
  // A create and an update carry what their event records (a create always knows its address).
  | ({ type: 'CreateQrCode'; encodedUrl: string } & QrCodeCreated['data'])
  | ({ type: 'UpdateQrCode'; userId: string } & Omit<QrCodeUpdated['data'], 'qrId'>)
  | { type: 'ToggleTracking'; userId: string; trackingEnabled: boolean }
  | { type: 'DeleteQrCode'; userId: string }
  | { type: 'SetReaderMagnet'; userId: string; magnet: Omit<QrReaderMagnetSet['data'], 'qrId'> }
  // A scan recorded now always says how it came (older events may not).
  | ({ type: 'RecordScan' } & Omit<QrScanned['data'], 'qrId'> & Required<Pick<QrScanned['data'], 'via'>>)
  | {
      type: 'RecordSignup';
      day: string;
      email: string;
      name?: string;
      /** The counted visitor who signed up, and whether it is their first signup of the day. */
      visitor?: string;
      converted?: boolean;
    };

export const QR_NOT_FOUND = 'QR code not found';
export const QR_GONE = 'This QR code is no longer active';

/** The owner's commands: another user's code reads as missing (no hint that it exists). */
function owned(state: QrCodeState, userId: string): void {
  if (!state.exists || state.deleted || state.userId !== userId)
    throw new DomainError('NOT_FOUND', QR_NOT_FOUND);
}

/** Public commands: a missing or deleted code records nothing. */
function live(state: QrCodeState): void {
  if (!state.exists) throw new DomainError('NOT_FOUND', QR_NOT_FOUND);
  if (state.deleted) throw new DomainError('NOT_FOUND', QR_GONE, { gone: true });
}

/** Without its undefined fields (a scan is decided per visitor: a plain loop, no entry arrays). */
function defined<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const key in value) if (value[key] !== undefined) out[key] = value[key];
  return out as T;
}

export const qrDecider: Decider<QrCommand, QrEvent, QrCodeState> = {
  initialState: initialQrState,

  decide(command, state) {
    switch (command.type) {
      case 'CreateQrCode': {
        if (state.exists) {
          // A retried create (same id, same owner) is a no-op; anything else is a clash.
          if (state.userId === command.userId) return [];
          throw new DomainError('CONFLICT', 'This QR code already exists');
        }
        const { type: _type, ...data } = command;
        return [{ type: 'QrCodeCreated', data: defined(data) }];
      }
      case 'UpdateQrCode': {
        owned(state, command.userId);
        const { type: _type, userId: _user, ...changes } = command;
        const data = defined({ qrId: state.qrId, ...changes });
        return Object.keys(data).length > 1 ? [{ type: 'QrCodeUpdated', data }] : [];
      }
      case 'ToggleTracking':
        owned(state, command.userId);
        if (state.trackingEnabled === command.trackingEnabled) return [];
        return [
          { type: 'QrTrackingToggled', data: { qrId: state.qrId, trackingEnabled: command.trackingEnabled } },
        ];
      case 'DeleteQrCode':
        owned(state, command.userId);
        return [{ type: 'QrCodeDeleted', data: { qrId: state.qrId } }];
      case 'SetReaderMagnet':
        owned(state, command.userId);
        return [{ type: 'QrReaderMagnetSet', data: defined({ qrId: state.qrId, ...command.magnet }) }];
      case 'RecordScan': {
        live(state);
        if (!state.trackingEnabled) return [];
        const { type: _type, ...scan } = command;
        return [{ type: 'QrScanned', data: defined({ qrId: state.qrId, ...scan }) }];
      }
      case 'RecordSignup':
        live(state);
        return [
          {
            type: 'QrSignupRecorded',
            data: defined({
              qrId: state.qrId,
              email: command.email,
              name: command.name || undefined,
              source: 'signup' as const,
              day: command.day,
              visitor: command.visitor,
              converted: command.converted || undefined,
            }),
          },
        ];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'QrCodeCreated':
        return {
          ...state,
          exists: true,
          qrId: event.data.qrId,
          userId: event.data.userId,
          title: event.data.title,
          ...(event.data.description ? { description: event.data.description } : {}),
          url: event.data.url,
          linkType: event.data.linkType,
          trackingEnabled: event.data.trackingEnabled,
          landingPage: event.data.landingPage ?? {},
          encodedUrl: event.data.encodedUrl ?? '',
          colors: event.data.colors ?? DEFAULT_QR_COLORS,
          ...(event.data.logo ? { logo: event.data.logo } : {}),
          createdAt: event.metadata.occurredAt,
        };
      case 'QrCodeUpdated': {
        const { qrId: _id, landingPage, colors, logo, ...rest } = event.data;
        const next: QrCodeState = {
          ...state,
          ...rest,
          ...(landingPage ? { landingPage } : {}),
          ...(colors ? { colors } : {}),
          ...(logo ? { logo } : {}),
        };
        if (logo === null) delete next.logo;
        return next;
      }
      case 'QrTrackingToggled':
        return { ...state, trackingEnabled: event.data.trackingEnabled };
      case 'QrCodeDeleted':
        return { ...state, deleted: true };
      case 'QrReaderMagnetSet': {
        const { qrId: _id, ...magnet } = event.data;
        return { ...state, magnet };
      }
      case 'QrScanned':
      case 'QrScansRecorded':
      case 'QrSignupRecorded':
      case 'QrSignupsRefused':
        return state;
      default:
        return assertNever(event);
    }
  },
};
