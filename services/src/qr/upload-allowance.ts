import type { QrUploadEvent } from '@studio/events';
import { QR_MESSAGES, QR_UPLOAD_STORAGE_BYTES, QR_UPLOADS_PER_DAY } from '@studio/events/rules';
import { assertNever, type Decider } from '../platform/decider';
import { DomainError } from '../platform/errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An account's landing-image uploads (`qruploads-{userId}`): what its allowance counts. */
export interface UploadsState {
  /** The uploads still kept, by path, with their size. */
  held: Readonly<Record<string, number>>;
  heldBytes: number;
  /** When the latest uploads were recorded (the last QR_UPLOADS_PER_DAY). */
  uploadedAt: readonly string[];
}

export type UploadsCommand =
  | { type: 'RecordUpload'; userId: string; path: string; kind: 'logo' | 'hero'; bytes: number; at: string }
  | { type: 'DiscardUploads'; userId: string; paths: string[] };

/**
 * Whether one more upload of `bytes` fits: at most QR_UPLOADS_PER_DAY in any 24 hours (a 429
 * whose Retry-After is when the oldest of them leaves the window), and at most
 * QR_UPLOAD_STORAGE_BYTES held (a 413). With `bytes` 0 it is the check made before the upload is
 * read, so a refused request costs no decoding.
 */
export function refuseBeyondAllowance(state: UploadsState, at: string, bytes = 0): void {
  const now = Date.parse(at);
  const recent = state.uploadedAt.filter((time) => now - Date.parse(time) < DAY_MS);
  if (recent.length >= QR_UPLOADS_PER_DAY) {
    const retryAfter = Math.max(1, Math.ceil((Date.parse(recent[0] as string) + DAY_MS - now) / 1000));
    throw new DomainError('RATE_LIMITED', QR_MESSAGES.tooManyUploads(retryAfter), { retryAfter });
  }
  if (
    state.heldBytes + bytes > QR_UPLOAD_STORAGE_BYTES ||
    (bytes === 0 && state.heldBytes >= QR_UPLOAD_STORAGE_BYTES)
  )
    throw new DomainError('PAYLOAD_TOO_LARGE', QR_MESSAGES.storageFull, { field: 'dataUrl' });
}

/**
 * The allowance decides on the account's own stream, so concurrent uploads (two tabs, a script)
 * are counted one after another: only those that fit are recorded.
 */
export const uploadsDecider: Decider<UploadsCommand, QrUploadEvent, UploadsState> = {
  initialState: { held: {}, heldBytes: 0, uploadedAt: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'QrImageUploaded':
        return {
          held: { ...state.held, [event.data.path]: event.data.bytes },
          heldBytes: state.heldBytes + event.data.bytes,
          uploadedAt: [...state.uploadedAt, event.metadata.occurredAt].slice(-QR_UPLOADS_PER_DAY),
        };
      case 'QrImagesDiscarded': {
        const held = { ...state.held };
        let heldBytes = state.heldBytes;
        for (const path of event.data.paths) {
          heldBytes -= held[path] ?? 0;
          delete held[path];
        }
        return { ...state, held, heldBytes };
      }
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RecordUpload': {
        refuseBeyondAllowance(state, command.at, command.bytes);
        const { userId, path, kind, bytes } = command;
        return [{ type: 'QrImageUploaded', data: { userId, path, kind, bytes } }];
      }
      case 'DiscardUploads': {
        const paths = command.paths.filter((path) => Object.hasOwn(state.held, path));
        return paths.length > 0
          ? [{ type: 'QrImagesDiscarded', data: { userId: command.userId, paths } }]
          : [];
      }
      default:
        return assertNever(command);
    }
  },
};
