import type { GenerationStatus } from '@studio/events';
import type { BlobStore } from '../platform/blobs/port';
import { previewBlobId } from './artifacts';
import { isResumable } from './job/resume';
import type { GenerationState } from './job/state';

/** What decides which of a generation's files are still needed (its state or its read-model row). */
export interface JobFiles {
  status: GenerationStatus;
  /** The files of its last build. */
  artifacts?: readonly { blobId: string }[];
  /** The request: an upload travels as its blob id (`originalBlobId`, `characterImageBlobId`). */
  input?: Readonly<Record<string, unknown>>;
  /** The parts recorded for a resume (a picture's blob). */
  parts?: Readonly<Record<string, { blobId?: string }>>;
  /** A failed job its owner may continue from its parts (`job/resume.ts`). */
  resumable?: boolean;
  /** The pictures drawn again of a finished book: every version is kept (`part-pictures.ts`). */
  versions?: readonly string[];
}

export const jobFilesOf = (state: GenerationState): JobFiles => ({
  status: state.status,
  ...(isResumable(state) ? { resumable: true } : {}),
  ...(state.artifacts ? { artifacts: state.artifacts } : {}),
  ...(state.request ? { input: state.request.input as Readonly<Record<string, unknown>> } : {}),
  ...(state.parts ? { parts: state.parts } : {}),
  ...(pictureVersions(state).length ? { versions: pictureVersions(state) } : {}),
});

/** The files of a book's picture versions (a chapter's versions are words on its stream). */
const pictureVersions = (state: GenerationState): string[] =>
  Object.values(state.partVersions?.versions ?? {}).flatMap((kept) =>
    kept.flatMap((v) => ('blobId' in v.value ? [v.value.blobId] : [])),
  );

/** The uploads of its request: ids of blobs of this generation (`gen-…`). */
const uploadsOf = (job: JobFiles) =>
  Object.values(job.input ?? {}).filter(
    (value): value is string => typeof value === 'string' && value.startsWith('gen-'),
  );

/** Every blob the generation names: its uploads, its recorded parts and its files. */
function namedBlobs(job: JobFiles): string[] {
  const parts = Object.values(job.parts ?? {}).flatMap((part) => (part.blobId ? [part.blobId] : []));
  return [
    ...uploadsOf(job),
    ...parts,
    ...(job.artifacts ?? []).map((a) => a.blobId),
    ...(job.versions ?? []),
  ];
}

/**
 * The blobs a generation still needs, or 'all' while it is not finished: an attempt writes its
 * parts and files before it records them, and a rebuild reads the book's files. A finished book or
 * picture needs its files and its uploads (My Images shows an edit's original, a rebuild draws the
 * character again) and their previews; parts only serve a resume, so it needs none. A failed job
 * needs nothing: it was refunded, and its uploads and parts go with the refund; unless its owner
 * may continue it from those parts (not a refusal, some parts made), which then keeps them all.
 */
export function neededBlobs(job: JobFiles): ReadonlySet<string> | 'all' {
  if (job.status === 'failed') return job.resumable ? 'all' : new Set();
  if (job.status !== 'completed') return 'all';
  const files = [...uploadsOf(job), ...(job.artifacts ?? []).map((a) => a.blobId), ...(job.versions ?? [])];
  return new Set([...files, ...files.map(previewBlobId)]);
}

/**
 * Deletes the files a generation no longer needs, once its new state is recorded: a rebuilt
 * book's previous edition, a finished job's parts, every upload and part of a failed one. `before`
 * names what the state held before the change (the previous edition's files), `after` decides.
 * Returns the ids deleted; a blob already gone is no error.
 */
export async function discardUnneeded(
  blobs: Pick<BlobStore, 'delete'>,
  before: JobFiles,
  after: JobFiles,
): Promise<string[]> {
  const needed = neededBlobs(after);
  if (needed === 'all') return [];
  const named = new Set([...namedBlobs(before), ...namedBlobs(after)]);
  const gone = [...named].filter((id) => !needed.has(id)).flatMap((id) => [id, previewBlobId(id)]);
  for (const id of gone) await blobs.delete(id);
  return gone;
}
