/** Blob ids of a generation's files: `gen-{generationId}-{role}.{ext}` (the owner is found through the generation). */
export const artifactBlobId = (generationId: string, role: string, extension: string) =>
  `gen-${generationId}-${role}.${extension}`;

/** A picture's preview, made once and kept beside it (a small WebP for the galleries' cards). */
export const previewBlobId = (blobId: string) => `${blobId}.preview.webp`;
