import {
  type GenerationKind,
  PICTURE_PART_TOOL,
  type PicturePartId,
  type PictureVersion,
  picturePart,
  picturePartOf,
} from '@studio/events';
import { DomainError } from '../platform/errors';
import type { BookEdition } from './book-edition';

/**
 * The picture parts of a finished book (a kids page's picture, a coloring design) as the book's
 * files hold them: which stored file each one is, which the book prints now, and what the author
 * may ask to draw again. The versions themselves live with the chapters' (`job/part-versions.ts`).
 */

interface StoredArtifact {
  role: string;
  blobId: string;
  contentType: string;
  bytes: number;
}

/** The book's own file of the picture: a kids page as drawn (PNG), a design as its vectors (SVG). */
export function pictureRole(part: string): string | undefined {
  const picture = picturePartOf(part);
  if (!picture) return undefined;
  return picture.kind === 'design' ? `page-${picture.n}-svg` : `page-${picture.n}-image`;
}

/** The picture the book was made with: version 1 of the part. */
export function originalPicture(
  artifacts: readonly StoredArtifact[] | undefined,
  part: string,
): PictureVersion | undefined {
  const role = pictureRole(part);
  const file = role ? artifacts?.find((a) => a.role === role) : undefined;
  return file ? { blobId: file.blobId, contentType: file.contentType, bytes: file.bytes } : undefined;
}

/** The stored file the book prints for the picture now: the chosen version's, else its own. */
export const pictureInBook = (
  edition: BookEdition | undefined,
  artifacts: readonly StoredArtifact[] | undefined,
  part: string,
): string | undefined => edition?.pictures?.[part] ?? originalPicture(artifacts, part)?.blobId;

/** The picture parts a book of this kind has, in page order (none for other books). */
export function picturePartsOf(
  kind: GenerationKind,
  artifacts: readonly StoredArtifact[] | undefined,
): PicturePartId[] {
  const pictureKind = kind === 'kids-book' ? 'page-picture' : kind === 'coloring-book' ? 'design' : undefined;
  if (!pictureKind) return [];
  const parts: PicturePartId[] = [];
  for (let n = 1; originalPicture(artifacts, picturePart(pictureKind, n)); n++)
    parts.push(picturePart(pictureKind, n));
  return parts;
}

/**
 * The picture part the path names on this book: a part of another tool's kind is a 400 (it can
 * never exist here), a page the book does not have a 404.
 */
export function requirePicturePart(
  kind: GenerationKind,
  artifacts: readonly StoredArtifact[] | undefined,
  part: string,
): PicturePartId {
  const picture = picturePartOf(part);
  if (!picture) throw new DomainError('NOT_FOUND', 'The book has no such part');
  if (PICTURE_PART_TOOL[picture.kind] !== kind)
    throw new DomainError('VALIDATION', 'This kind of part belongs to another kind of book');
  if (!originalPicture(artifacts, part)) throw new DomainError('NOT_FOUND', 'The book has no such picture');
  return picturePart(picture.kind, picture.n);
}

/** The picture of a version, as the files a rebuild reads name it. */
export const isPicture = (value: object): value is PictureVersion => 'blobId' in value;
