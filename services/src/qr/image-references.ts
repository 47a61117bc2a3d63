import {
  type LandingPageSettings,
  type QrCodeLogo,
  type QrEvent,
  type QrUploadEvent,
  qrUploadsStream,
} from '@studio/events';
import { assertNever } from '../platform/decider';
import type { Platform } from '../platform/module';
import type { WriteOp } from '../platform/readstore/port';
import { projectionCaughtUp } from '../platform/readstore/read-your-writes';
import type { BlobReferences } from '../platform/runners/blob-sweeper';
import { defineProjection } from '../platform/runners/projector';
import { QR_IMAGE_BLOB_ID } from './hero';
import { uploadsDecider } from './upload-allowance';

const QR_IMAGE_REFS = 'qr_image_refs';
const QR_UPLOADS = 'qr_uploads';
const PROJECTION = 'qr-images';

/** The uploaded images a live code uses: its landing page's logo and hero, its centre logo. */
type ImageRefsDoc = {
  _id: string;
  landing: string[];
  logo: string[];
};
/** An upload an account's allowance still counts, by its path. */
type UploadDoc = {
  _id: string;
  userId: string;
};

const landingImages = (settings: LandingPageSettings | undefined) =>
  [settings?.logoUrl, settings?.heroImage].filter((path): path is string => typeof path === 'string');
const logoImage = (logo: QrCodeLogo | null | undefined) => (logo ? [logo.url] : []);

const HANDLES = [
  'QrCodeCreated',
  'QrCodeUpdated',
  'QrCodeDeleted',
  'QrImageUploaded',
  'QrImagesDiscarded',
] as const satisfies readonly (QrEvent | QrUploadEvent)['type'][];

/**
 * What uploaded images are used, and by whom they were uploaded: the sweep deletes the others a
 * day after their upload and gives their storage back to the account. A new projection of its
 * own, so it is built from the whole log the first time it runs (codes made before it included).
 */
export const qrImagesProjection = defineProjection({
  name: PROJECTION,
  collections: [QR_IMAGE_REFS, QR_UPLOADS],
  handles: HANDLES,
  project(event): WriteOp[] {
    switch (event.type) {
      case 'QrCodeCreated': {
        const { data } = event;
        const doc: ImageRefsDoc = {
          _id: data.qrId,
          landing: landingImages(data.landingPage),
          logo: logoImage(data.logo),
        };
        return [{ op: 'put', collection: QR_IMAGE_REFS, doc }];
      }
      case 'QrCodeUpdated': {
        // A landing page's settings are replaced whole; the logo is replaced or removed (null).
        const { data } = event;
        const set: Partial<ImageRefsDoc> = {
          ...(data.landingPage ? { landing: landingImages(data.landingPage) } : {}),
          ...(data.logo !== undefined ? { logo: logoImage(data.logo) } : {}),
        };
        return Object.keys(set).length > 0
          ? [{ op: 'update', collection: QR_IMAGE_REFS, id: data.qrId, set }]
          : [];
      }
      case 'QrCodeDeleted':
        return [{ op: 'delete', collection: QR_IMAGE_REFS, id: event.data.qrId }];
      case 'QrImageUploaded': {
        const doc: UploadDoc = { _id: event.data.path, userId: event.data.userId };
        return [{ op: 'put', collection: QR_UPLOADS, doc }];
      }
      case 'QrImagesDiscarded':
        return event.data.paths.map((path) => ({ op: 'delete', collection: QR_UPLOADS, id: path }) as const);
      default:
        return assertNever(event);
    }
  },
});

/** The path the settings hold for a blob: a hero's variants belong to its 720 px fallback. */
function imagePath(blobId: string): string {
  const hero = /^qr-hero-([0-9a-f-]{36})-\d{3,4}w\.(webp|avif)$/.exec(blobId);
  return `/qr-images/${hero ? `qr-hero-${hero[1]}.webp` : blobId}`;
}

/**
 * The sweep's view of QR images: an uploaded logo or hero (with its variants) that no live code
 * uses is unreferenced; its upload is discarded from its account's allowance before it goes.
 */
export function qrImageFiles({
  eventStore,
  readStore,
  commands,
  clock,
  logger,
}: Pick<Platform, 'eventStore' | 'readStore' | 'commands' | 'clock' | 'logger'>): BlobReferences {
  return {
    owns: (id) => QR_IMAGE_BLOB_ID.test(id),
    async unreferenced(ids) {
      if (!(await projectionCaughtUp({ eventStore, readStore }, PROJECTION))) {
        logger.warn('QR image references behind the log: images are left for the next sweep');
        return [];
      }
      const used = new Set<string>();
      for (const doc of await readStore.collection<ImageRefsDoc>(QR_IMAGE_REFS).find({}))
        for (const path of [...doc.landing, ...doc.logo]) used.add(path);
      const gone = ids.filter((id) => !used.has(imagePath(id)));
      // Each account's allowance counts its uploads until they are discarded.
      const byOwner = new Map<string, Set<string>>();
      const uploads = readStore.collection<UploadDoc>(QR_UPLOADS);
      for (const path of new Set(gone.map(imagePath))) {
        const upload = await uploads.get(path);
        if (upload) byOwner.set(upload.userId, (byOwner.get(upload.userId) ?? new Set()).add(path));
      }
      const at = clock.now().toISOString();
      for (const [userId, paths] of byOwner)
        await commands.handle(
          qrUploadsStream(userId),
          uploadsDecider,
          { type: 'DiscardUploads', userId, paths: [...paths] },
          { at, correlationId: 'blob-sweep', causationId: 'blob-sweep', userId },
        );
      return gone;
    },
  };
}
