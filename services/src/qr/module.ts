import { koaBody } from 'koa-body';
import { jsonBody } from '../platform/http/app';
import type { FeatureModule, Platform } from '../platform/module';
import { deferredBody } from '../platform/uploads/upload-body';
import { QrCodeCache } from './code-cache';
import { qrImageFiles, qrImagesProjection } from './image-references';
import { QR_FORM_PATH } from './landing-page';
import { MagnetLinks, magnetDownloadRoutes } from './magnet-links';
import { qrProjection } from './projections';
import { qrPublicRoutes } from './public-routes';
import { QR_BULK_PATH, qrOwnerRoutes } from './routes';
import { ScanRecorder } from './scan-recorder';
import { SignupRefusals } from './signup-refusals';
import { VisitorHasher } from './visitors';

/** The landing form's few short fields, form-encoded (nothing else is parsed on that path). */
const landingFormBody = koaBody({
  urlencoded: true,
  json: false,
  multipart: false,
  text: false,
  formLimit: '8kb',
});

/**
 * QR codes (docs/product/creation-tools-qr.md (Screens and routes, Data, API)): the code on `qr-{id}`, its scans and signups on
 * `qractivity-{id}`, the owner's routes, the public redirect and landing page (server-rendered,
 * mounted before the shell's SPA fallback), and the analytics read models.
 */
export function qrModule(
  platform: Pick<
    Platform,
    'commands' | 'eventStore' | 'readStore' | 'blobs' | 'clock' | 'config' | 'logger' | 'moderator'
  >,
): FeatureModule {
  const scans = new ScanRecorder({
    ...platform,
    hasher: new VisitorHasher(platform.readStore),
    flushMs: platform.config.qrScanFlushMs,
  });
  const codes = new QrCodeCache(platform);
  const refusals = new SignupRefusals(platform);
  const magnets = new MagnetLinks(platform.readStore);
  const publicRoutes = qrPublicRoutes({ ...platform, scans, codes, refusals, magnets });
  return {
    name: 'qr',
    // Logo and hero uploads are read by their route once the caller is known (`routes.ts`).
    // The landing form without JavaScript: form-encoded, and proved by its page token instead of
    // the Origin check (the page's no-referrer policy makes the browser send `Origin: null`).
    // A CSV of codes is sent as JSON text: up to 200 rows of the longest title and address.
    bodyParsers: {
      '/api/qr-uploads': deferredBody,
      [QR_FORM_PATH]: landingFormBody,
      [QR_BULK_PATH]: jsonBody('1mb'),
    },
    contentTypes: { [QR_FORM_PATH]: ['application/x-www-form-urlencoded'] },
    originCheckExempt: [QR_FORM_PATH],
    // The create and edit forms frame the landing page's own renderer as their live preview.
    cspSources: { frame: ["'self'"] },
    routes: [qrOwnerRoutes({ ...platform, codes }), publicRoutes.guarded],
    // A scan's redirect and landing page skip what an anonymous GET does not need.
    // A reader's bonus download, by its signed link.
    edgeRoutes: [publicRoutes.edge, magnetDownloadRoutes(platform, magnets, codes)],
    // The redirect and the landing data of a code in memory: answered before all of that.
    leanRoutes: publicRoutes.lean,
    projections: [qrProjection, qrImagesProjection],
    // Uploaded images no code uses go a day after their upload (the worker role's sweep).
    blobReferences: qrImageFiles(platform),
    flush: async () => {
      await scans.flush();
      await refusals.flush();
    },
    // Scans answered but still in the batch are appended before the stores close.
    async stop() {
      await scans.stop();
      await refusals.stop();
      await codes.stop();
    },
  };
}
