import {
  type LandingPageSettings,
  type QrCodeView,
  type QrEmailSignup,
  type QrListRow,
  qrUploadsStream,
} from '@studio/events';
import {
  bulkQrCodesRequest,
  createQrCodeRequest,
  landingPageSettingsSchema,
  qrUploadRequest,
  updateQrCodeRequest,
} from '@studio/events/requests';
import { QR_BULK_MAX_ROWS } from '@studio/events/rules';
import type Koa from 'koa';
import * as yup from 'yup';
import {
  type AppendBudget,
  DAY_MS,
  MINUTE_MS,
  perAccountLimit,
  perAccountWindows,
  windowMiddleware,
} from '../account/append-limits';
import { requireUser } from '../account/auth';
import type { BlobStore } from '../platform/blobs/port';
import { DomainError } from '../platform/errors';
import type { RouteModule } from '../platform/http/app';
import { sendCsv } from '../platform/http/csv';
import { ownOrigin } from '../platform/http/request-guards';
import { parse } from '../platform/http/validation';
import { moderationItems, requireAcceptable } from '../platform/moderation';
import type { Platform } from '../platform/module';
import { dataUrlBytes } from '../platform/uploads/image';
import { readUploadBody } from '../platform/uploads/upload-body';
import { qrAnalytics } from './analytics';
import { bulkRows, qrZip } from './bulk';
import type { QrCodeCache } from './code-cache';
import { handleQrCommand, loadQrCode } from './commands';
import { QR_NOT_FOUND, type QrCodeState } from './decider';
import { type CentreLogo, qrDataUrl, qrPng, qrSvg } from './images';
import { landingPageHtml, QR_PREVIEW_PATH } from './landing-page';
import { resolveLandingSettings } from './landing-settings';
import { OWN_ADDRESS_MESSAGE, pointsAtOwnCode } from './own-address';
import { QR_CODES, QR_SIGNUPS, type QrCodeDoc, type QrSignupDoc } from './projections';
import { sendHtml } from './public-routes';
import { newQrId, QR_ID } from './qr-id';
import { refuseBeyondAllowance, uploadsDecider } from './upload-allowance';
import { QR_UPLOAD, storeLandingImage } from './uploads';

/** The preview's draft, checked by the same schema as a save. */
const previewRequest = yup.object({ landingPage: landingPageSettingsSchema.optional() });

type Deps = Pick<
  Platform,
  'commands' | 'eventStore' | 'readStore' | 'blobs' | 'clock' | 'config' | 'moderator'
> & {
  /** The public routes' cache: told at once when a command here changes a code. */
  codes: Pick<QrCodeCache, 'forget'>;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * New codes per account: each is a form filled in by hand (a title, a target or a landing page),
 * so ten in a minute or two hundred in a day is beyond anyone making codes for their books.
 */
export const QR_CREATIONS: AppendBudget = {
  name: 'qr-create',
  windows: [
    { limit: 10, windowMs: MINUTE_MS },
    { limit: 200, windowMs: DAY_MS },
  ],
};
/**
 * Saves of the edit form, tracking switches and deletions per account: one click each, counted
 * together; an owner tuning a landing page saves every few seconds at most.
 */
export const QR_CHANGES: AppendBudget = {
  name: 'qr-change',
  windows: [
    { limit: 30, windowMs: MINUTE_MS },
    { limit: 1000, windowMs: DAY_MS },
  ],
};

/** Where a CSV of codes is sent (its own body limit: `module.ts`). */
export const QR_BULK_PATH = '/api/qr-codes/bulk';
export const QR_BULK_ZIP_PATH = '/api/qr-codes/bulk.zip';

/** The code's centre logo with its picture read from the blob store (absent if it is gone). */
export async function centreLogo(blobs: BlobStore, state: QrCodeState): Promise<CentreLogo | undefined> {
  if (!state.logo) return undefined;
  const blob = await blobs.get(state.logo.url.replace('/qr-images/', ''));
  return blob ? { key: state.logo.url, size: state.logo.size, bytes: blob.data } : undefined;
}

export async function qrCodeView(state: QrCodeState, blobs: BlobStore): Promise<QrCodeView> {
  return {
    id: state.qrId,
    title: state.title,
    ...(state.description ? { description: state.description } : {}),
    url: state.url,
    linkType: state.linkType,
    trackingEnabled: state.trackingEnabled,
    createdAt: state.createdAt,
    encodedUrl: state.encodedUrl,
    ...(state.linkType === 'landing' ? { landingPageUrl: state.encodedUrl } : {}),
    landingPage: state.landingPage,
    colors: state.colors,
    ...(state.logo ? { logo: state.logo } : {}),
    dataUrl: await qrDataUrl(state.encodedUrl, state.colors, await centreLogo(blobs, state)),
  };
}

const range = (ctx: Koa.Context) => {
  const from = typeof ctx.query.from === 'string' ? ctx.query.from : undefined;
  const to = typeof ctx.query.to === 'string' ? ctx.query.to : undefined;
  for (const [field, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (value !== undefined && !(DAY.test(value) && !Number.isNaN(Date.parse(value))))
      throw new DomainError('VALIDATION', `${field} must be a date written YYYY-MM-DD`, { field });
  }
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
};

function attachment(ctx: Koa.Context, filename: string, type: string, body: string | Buffer) {
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  ctx.type = type;
  ctx.body = body;
}

/** The owner's routes (docs/product/creation-tools-qr.md (API)): every one reads the code and answers 404 for anyone else's. */
export function qrOwnerRoutes(deps: Deps): RouteModule {
  const { commands, eventStore, readStore, blobs, clock, config, codes, moderator } = deps;
  /** A landing page is public: what it will show is checked before it is published. */
  const acceptable = (items: ReturnType<typeof moderationItems>) =>
    requireAcceptable(moderator, items, config.moderation.outage);
  /** What a landing code shows: its title, its description and its page's words. */
  const acceptableLanding = (input: { title?: unknown; description?: unknown; landingPage?: unknown }) =>
    acceptable(
      moderationItems({ title: input.title, description: input.description, landingPage: input.landingPage }),
    );
  const command = async (qrId: string, cmd: Parameters<typeof handleQrCommand>[2], ctx: Koa.Context) => {
    try {
      return await handleQrCommand(commands, qrId, cmd, context(ctx, cmd.userId));
    } finally {
      // The log subscription would tell the cache too; this process need not wait for it.
      codes.forget(qrId);
    }
  };
  const context = (ctx: Koa.Context, userId: string) => ({
    at: clock.now().toISOString(),
    correlationId: String(ctx.state.requestId ?? ''),
    causationId: `${ctx.method} ${ctx.path}`,
    userId,
  });
  const owned = async (ctx: Koa.Context): Promise<{ userId: string; state: QrCodeState }> => {
    const userId = requireUser(ctx);
    const id = String(ctx.params.id);
    const state = QR_ID.test(id) ? await loadQrCode(eventStore, id) : null;
    if (!state?.exists || state.deleted || state.userId !== userId)
      throw new DomainError('NOT_FOUND', QR_NOT_FOUND);
    return { userId, state };
  };

  /** A direct code sending scanners to a code of this site would loop (or chain) redirects. */
  const pointsHere = (ctx: Koa.Context, url: string) =>
    pointsAtOwnCode(url, [ownOrigin(ctx), ...(config.publicUrl ? [config.publicUrl] : [])]);
  const refuseOwnAddress = (ctx: Koa.Context, url: string) => {
    if (pointsHere(ctx, url)) throw new DomainError('VALIDATION', OWN_ADDRESS_MESSAGE, { field: 'url' });
  };
  /** Where a new code's image sends scanners: its landing page or its short redirect. */
  const encodedUrlOf = (ctx: Koa.Context, qrId: string, linkType: 'landing' | 'direct') => {
    const origin = config.publicUrl ? new URL(config.publicUrl).origin : ownOrigin(ctx);
    return linkType === 'landing' ? `${origin}/qr-landing/${qrId}` : `${origin}/r/${qrId}`;
  };

  return (router) => {
    // The owner's live preview: the public page's own renderer with the draft settings (validated
    // like a save), framed by the form (sandboxed there: no script, no form submission).
    router.get(QR_PREVIEW_PATH, async (ctx) => {
      requireUser(ctx);
      let draft: unknown;
      try {
        draft = JSON.parse(typeof ctx.query.settings === 'string' ? ctx.query.settings : '{}');
      } catch {
        throw new DomainError('VALIDATION', 'Invalid request');
      }
      const settings: LandingPageSettings = parse(previewRequest, { landingPage: draft }).landingPage ?? {};
      const html = landingPageHtml(resolveLandingSettings('', settings), {
        nonce: String(ctx.state.cspNonce ?? ''),
        year: clock.now().getUTCFullYear(),
        preview: true,
      });
      sendHtml(ctx, 200, html);
      // Only this app may frame it (every other page refuses any frame).
      ctx.set(
        'Content-Security-Policy',
        ctx.response
          .get('Content-Security-Policy')
          .replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
      );
      ctx.set('X-Frame-Options', 'SAMEORIGIN');
    });

    router.get('/api/qr-codes', async (ctx) => {
      const userId = requireUser(ctx);
      const qrCodes = await readStore
        .collection<QrCodeDoc>(QR_CODES)
        .find({ userId }, { sort: { createdAt: -1, _id: 1 } });
      ctx.body = {
        success: true,
        qrCodes: qrCodes.map(({ _id, userId: _owner, ...row }): QrListRow => ({ id: _id, ...row })),
      };
    });

    const creationWindows = perAccountWindows(QR_CREATIONS, clock);
    const limitCreations = windowMiddleware(creationWindows);
    const limitChanges = perAccountLimit(QR_CHANGES, clock);

    router.post('/api/qr-codes', ...limitCreations, async (ctx) => {
      const userId = requireUser(ctx);
      const input = parse(createQrCodeRequest, ctx.request.body);
      if (input.linkType === 'direct') refuseOwnAddress(ctx, input.url ?? '');
      if (input.linkType === 'landing') await acceptableLanding(input);
      const qrId = newQrId();
      const encodedUrl = encodedUrlOf(ctx, qrId, input.linkType);
      const state = await command(
        qrId,
        {
          type: 'CreateQrCode',
          qrId,
          userId,
          title: input.title,
          ...(input.description ? { description: input.description } : {}),
          // A landing code's address is its landing page.
          url: input.linkType === 'landing' ? encodedUrl : (input.url ?? ''),
          linkType: input.linkType,
          trackingEnabled: input.trackingEnabled,
          ...(input.linkType === 'landing' ? { landingPage: input.landingPage ?? {} } : {}),
          ...(input.colors ? { colors: input.colors } : {}),
          ...(input.logo ? { logo: input.logo } : {}),
          encodedUrl,
        },
        ctx,
      );
      ctx.status = 201;
      ctx.body = { success: true, qrCode: await qrCodeView(state, blobs) };
    });

    // A CSV of direct codes (docs/product/creation-tools-qr.md (Screens and routes: Bulk codes from a CSV)): one request
    // in the short window, one creation per row in the day's, all rows checked before any is made.
    const shortCreationWindows = windowMiddleware(creationWindows.filter((w) => w.windowMs < DAY_MS));
    router.post(QR_BULK_PATH, ...shortCreationWindows, async (ctx) => {
      const userId = requireUser(ctx);
      const { csv } = parse(bulkQrCodesRequest, ctx.request.body);
      const rows = bulkRows(csv, (url) => pointsHere(ctx, url));
      // Taken at once for every row, or refused whole: two files sent together cannot both pass.
      for (const { limit, windowMs, limiter } of creationWindows.filter((w) => w.windowMs >= DAY_MS)) {
        const take = limiter.take(ctx, rows.length);
        if (!take.taken) {
          ctx.set('Retry-After', String(take.retryAfter));
          throw new DomainError(
            'RATE_LIMITED',
            `This CSV has ${rows.length} codes, but your account can make only ${take.left} more today (${limit} in ${windowMs / DAY_MS === 1 ? 'a day' : `${windowMs / DAY_MS} days`}). Nothing was created.`,
            { retryAfter: take.retryAfter },
          );
        }
      }
      const qrCodes: Array<{ id: string; title: string; url: string; encodedUrl: string }> = [];
      for (const row of rows) {
        const qrId = newQrId();
        const encodedUrl = encodedUrlOf(ctx, qrId, 'direct');
        await command(
          qrId,
          {
            type: 'CreateQrCode',
            qrId,
            userId,
            title: row.title,
            url: row.url,
            linkType: 'direct',
            trackingEnabled: true,
            encodedUrl,
          },
          ctx,
        );
        qrCodes.push({ id: qrId, title: row.title, url: row.url, encodedUrl });
      }
      ctx.status = 201;
      ctx.body = {
        success: true,
        qrCodes,
        zipUrl: `${QR_BULK_ZIP_PATH}?ids=${qrCodes.map((c) => c.id).join(',')}`,
      };
    });

    // The ZIP of codes named by id: every one must be the caller's (any other: 404, as for one code).
    router.get(QR_BULK_ZIP_PATH, async (ctx) => {
      const userId = requireUser(ctx);
      const ids = typeof ctx.query.ids === 'string' ? [...new Set(ctx.query.ids.split(','))] : [];
      if (ids.length === 0 || ids.length > QR_BULK_MAX_ROWS || !ids.every((id) => QR_ID.test(id)))
        throw new DomainError('NOT_FOUND', QR_NOT_FOUND);
      const states = await Promise.all(ids.map((id) => loadQrCode(eventStore, id)));
      if (!states.every((s) => s.exists && !s.deleted && s.userId === userId))
        throw new DomainError('NOT_FOUND', QR_NOT_FOUND);
      const files = [];
      for (const state of states) {
        const logo = await centreLogo(blobs, state);
        files.push({
          title: state.title,
          png: await qrPng(state.encodedUrl, state.colors, logo),
          svg: await qrSvg(state.encodedUrl, state.colors, logo),
        });
      }
      attachment(ctx, 'qr-codes.zip', 'application/zip', qrZip(files));
    });

    router.get('/api/qr-codes/:id', async (ctx) => {
      const { state } = await owned(ctx);
      ctx.body = { success: true, qrCode: await qrCodeView(state, blobs) };
    });

    router.put('/api/qr-codes/:id', ...limitChanges, async (ctx) => {
      const { userId, state } = await owned(ctx);
      const input = parse(updateQrCodeRequest, ctx.request.body);
      if (input.url !== undefined && state.linkType === 'landing')
        throw new DomainError(
          'VALIDATION',
          "A landing code's address is its landing page; set a redirect URL instead",
          {
            field: 'url',
          },
        );
      if (input.url !== undefined) refuseOwnAddress(ctx, input.url);
      if (input.landingPage !== undefined && state.linkType !== 'landing')
        throw new DomainError('VALIDATION', 'Only landing codes have a landing page', {
          field: 'landingPage',
        });
      if (state.linkType === 'landing') await acceptableLanding(input);
      let next = state;
      const { trackingEnabled, ...changes } = input;
      const edits = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      if (Object.keys(edits).length > 0)
        next = await command(state.qrId, { type: 'UpdateQrCode', userId, ...edits }, ctx);
      if (trackingEnabled !== undefined)
        next = await command(state.qrId, { type: 'ToggleTracking', userId, trackingEnabled }, ctx);
      ctx.body = { success: true, qrCode: await qrCodeView(next, blobs) };
    });

    router.delete('/api/qr-codes/:id', ...limitChanges, async (ctx) => {
      const { userId, state } = await owned(ctx);
      await command(state.qrId, { type: 'DeleteQrCode', userId }, ctx);
      ctx.body = { success: true };
    });

    router.get('/api/qr-codes/:id/analytics', async (ctx) => {
      const { state } = await owned(ctx);
      ctx.body = { success: true, analytics: await qrAnalytics(readStore, state.qrId, range(ctx)) };
    });

    router.get('/api/qr-codes/:id/export-analytics', async (ctx) => {
      const { state } = await owned(ctx);
      const analytics = await qrAnalytics(readStore, state.qrId, range(ctx));
      sendCsv(
        ctx,
        `qr-${state.qrId}-analytics.csv`,
        ['Date', 'Scans', 'Unique Visitors', 'Signups', 'Conversion Rate (%)'],
        // A day without counted visitors has no conversion rate (left empty, as the screen shows "–").
        analytics.dailyAnalytics.map((d) => [
          d.date,
          d.scans,
          d.uniqueVisitors,
          d.signups,
          d.uniqueVisitors > 0 ? d.conversionRate : '',
        ]),
      );
    });

    const signups = async (qrId: string) =>
      readStore.collection<QrSignupDoc>(QR_SIGNUPS).find({ qrId }, { sort: { timestamp: -1, _id: 1 } });

    router.get('/api/qr-codes/:id/emails', async (ctx) => {
      const { state } = await owned(ctx);
      ctx.body = {
        success: true,
        emails: (await signups(state.qrId)).map(
          (s): QrEmailSignup => ({
            email: s.email,
            name: s.name,
            timestamp: s.timestamp,
            source: 'signup',
          }),
        ),
      };
    });

    router.get('/api/qr-codes/:id/export-emails', async (ctx) => {
      const { state } = await owned(ctx);
      sendCsv(
        ctx,
        `qr-${state.qrId}-emails.csv`,
        ['Email', 'Name', 'Date'],
        (await signups(state.qrId)).map((s) => [s.email, s.name, s.timestamp]),
      );
    });

    // The code's picture to download, in either format.
    for (const [format, type, draw] of [
      ['png', 'image/png', qrPng],
      ['svg', 'image/svg+xml', qrSvg],
    ] as const)
      router.get(`/api/qr-codes/:id/qr.${format}`, async (ctx) => {
        const { state } = await owned(ctx);
        const picture = await draw(state.encodedUrl, state.colors, await centreLogo(blobs, state));
        attachment(ctx, `qr-${state.qrId}.${format}`, type, picture);
      });

    router.post('/api/qr-uploads', async (ctx) => {
      // Signed in, and within the account's upload allowance, before a byte of the upload is read.
      const userId = requireUser(ctx);
      const stream = qrUploadsStream(userId);
      refuseBeyondAllowance((await commands.load(stream, uploadsDecider)).state, clock.now().toISOString());
      const { fields } = await readUploadBody(ctx, QR_UPLOAD);
      const input = parse(qrUploadRequest, fields);
      const bytes = dataUrlBytes(input.dataUrl);
      const type = /^data:([^;,]+)/.exec(input.dataUrl)?.[1] ?? 'image/png';
      if (bytes)
        await acceptable([{ label: `the ${input.kind} picture`, image: { bytes, contentType: type } }]);
      const stored = await storeLandingImage(blobs, userId, input.kind, input.dataUrl);
      try {
        // The allowance decides again on the account's stream: of concurrent uploads, only those
        // that fit are recorded; the others' files are deleted here.
        const at = clock.now().toISOString();
        await commands.handle(
          stream,
          uploadsDecider,
          { type: 'RecordUpload', userId, path: stored.path, kind: input.kind, bytes: stored.bytes, at },
          context(ctx, userId),
        );
      } catch (error) {
        await Promise.all(stored.blobIds.map((id) => blobs.delete(id)));
        throw error;
      }
      ctx.status = 201;
      ctx.body = { success: true, url: stored.path };
    });
  };
}
