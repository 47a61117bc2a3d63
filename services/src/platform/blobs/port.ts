import type { Readable } from 'node:stream';

/** Files made by generations and uploads: images, PDFs, EPUBs. */
export interface BlobInfo {
  id: string;
  contentType: string;
  size: number;
}

/** A stored blob as a sweep sees it: its id, size and when it was last written. */
export interface StoredBlob {
  id: string;
  size: number;
  writtenAt: Date;
}

export interface BlobStore {
  /** Writes (or overwrites) a blob. Ids are opaque strings chosen by the caller ([A-Za-z0-9._-]). */
  put(id: string, data: Buffer, contentType: string): Promise<BlobInfo>;
  get(id: string): Promise<(BlobInfo & { data: Buffer }) | null>;
  stream(id: string): Promise<(BlobInfo & { stream: Readable }) | null>;
  /** Removes a blob; removing a missing blob is not an error. */
  delete(id: string): Promise<void>;
  /**
   * Every blob last written before `before`, in no set order: what a sweep of unreferenced blobs
   * looks at (the cut-off is its grace period, so a blob being written is never among them).
   */
  list(before: Date): AsyncIterable<StoredBlob>;
  close(): Promise<void>;
}

export function assertBlobId(id: string): void {
  if (!/^[A-Za-z0-9._-]{1,200}$/.test(id) || id.startsWith('.')) {
    throw new Error(`Invalid blob id: ${JSON.stringify(id)}`);
  }
}
