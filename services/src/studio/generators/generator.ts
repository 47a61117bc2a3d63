import type { ArtifactRef, GenerationInputs, GenerationKind, GenerationPhase, Tier } from '@studio/events';
import type { AiProvider } from '../ai/provider';
import type { BookEdition } from '../book-edition';

/** One tool's recipe: from a request to files (PNG, PDF, EPUB) and text results. */
export interface GeneratorJob<K extends GenerationKind> {
  generationId: string;
  kind: K;
  phase: GenerationPhase;
  input: GenerationInputs[K];
  /** Gen 2.0 book phase: the outline the user chose. */
  outline?: string;
  /** The plan the request was made on: a book's formats depend on it (`epubIncluded`). */
  tier?: Tier;
  /** The name the book is published under, recorded with the request. */
  author?: string;
  /** When the request was made (ISO time): the copyright year. */
  requestedAt?: string;
  /** Rebuild phase: the edited book to typeset again, and the files it has (its pictures). */
  rebuild?: { edition: BookEdition; artifacts: ArtifactRef[] };
}

export interface GeneratedFile {
  role: string;
  contentType: string;
  extension: string;
  data: Buffer;
}

export interface GeneratorOutput {
  title?: string;
  files: GeneratedFile[];
  result?: Record<string, unknown>;
  /** Gen 2.0 main phase ends with three outlines instead of a book. */
  outlines?: [string, string, string];
}

export interface GeneratorTools {
  ai: AiProvider;
  signal: AbortSignal;
  progress(percent: number, step: string): Promise<void>;
  readBlob(blobId: string): Promise<Buffer>;
}

export type Generator<K extends GenerationKind> = (
  job: GeneratorJob<K>,
  tools: GeneratorTools,
) => Promise<GeneratorOutput>;
