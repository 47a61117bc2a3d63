import { timingSafeEqual } from 'node:crypto';
import type { RouteModule } from '../platform/http/app';
import type { Platform } from '../platform/module';
import type { QrCodeCache } from './code-cache';
import { QR_ID } from './qr-id';
import { type StoredKeyMac, storedKeyMac } from './signup-tokens';

/** How long a reader's bonus link works after their signup: a week to get round to it. */
export const MAGNET_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
export const MAGNET_LINK_PATH = '/api/reader-magnets/';
const KEY_ID = 'reader-magnet';
const SIGNUP_ID = /^[0-9a-f-]{36}$/;

/**
 * A signed-up reader's link to a code's bonus: the code, the signup (the event id of that reader's
 * signup, so the link is theirs and no other's), when it expires, and a signature with a key kept
 * in the read store. Nothing is stored per link; a forged or altered one does not verify (404),
 * an expired one is gone (410).
 */
export class MagnetLinks {
  /** Signs a code's id, the signup's id and the expiry. */
  private readonly mac: StoredKeyMac;

  constructor(readStore: Platform['readStore']) {
    this.mac = storedKeyMac(readStore, KEY_ID);
  }

  async issue(qrId: string, signupId: string, now: Date): Promise<string> {
    const expires = (now.getTime() + MAGNET_LINK_TTL_MS).toString(36);
    const signature = (await this.mac(qrId, signupId, expires)).toString('base64url');
    return `${MAGNET_LINK_PATH}${qrId}.${signupId}.${expires}.${signature}`;
  }

  /** The code a token was issued for; 'expired' past its time; undefined when it does not verify. */
  async verify(token: string, now: Date): Promise<{ qrId: string } | 'expired' | undefined> {
    if (token.length > 200) return undefined;
    const [qrId = '', signupId = '', expires = '', signature = '', ...rest] = token.split('.');
    const given = Buffer.from(signature, 'base64url');
    if (rest.length > 0 || !QR_ID.test(qrId) || !SIGNUP_ID.test(signupId) || given.length !== 16)
      return undefined;
    if (!timingSafeEqual(given, await this.mac(qrId, signupId, expires))) return undefined;
    return now.getTime() < Number.parseInt(expires, 36) ? { qrId } : 'expired';
  }
}

/**
 * The reader's download (public: the link is the proof): the code's current bonus as a PDF
 * attachment; 404 for a link that does not verify or a code without a bonus, 410 once expired or
 * once the author deleted the code.
 */
export function magnetDownloadRoutes(
  { blobs, clock }: Pick<Platform, 'blobs' | 'clock'>,
  links: MagnetLinks,
  codes: Pick<QrCodeCache, 'get'>,
): RouteModule {
  return (router) => {
    router.get(`${MAGNET_LINK_PATH}:token`, async (ctx) => {
      const verified = await links.verify(String(ctx.params.token), clock.now());
      const state = verified && verified !== 'expired' ? await codes.get(verified.qrId) : undefined;
      const blob = state?.magnet && !state.deleted ? await blobs.stream(state.magnet.blobId) : null;
      ctx.set('Cache-Control', 'no-store');
      if (!state?.magnet || !blob) {
        const gone = verified === 'expired' || Boolean(state?.deleted);
        ctx.status = gone ? 410 : 404;
        ctx.body = {
          success: false,
          error: gone ? 'GONE' : 'NOT_FOUND',
          message: gone ? 'This download link has expired' : 'Download not found',
        };
        return;
      }
      ctx.set('Content-Disposition', `attachment; filename="${state.magnet.fileName}"`);
      ctx.type = 'application/pdf';
      ctx.length = blob.size;
      ctx.body = blob.stream;
    });
  };
}
