import type {
  ArtifactRef,
  BookBrief,
  GenerationInputs,
  GenerationKind,
  GenerationPhase,
  Tier,
} from '@studio/events';
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
  /** Gen 2.0 book phase: the book brief as the author edited it before the book (else the request's). */
  brief?: BookBrief;
  /** Gen 2.0 main phase: which rewrite of the outlines this is (absent for the first ones). */
  outlineRound?: number;
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

/**
 * A job's finished parts (a chapter's text, a picture), each recorded the moment it is made, so an
 * attempt retried after a crash or an expired lease takes them from here and pays for no call twice.
 * Keys name a part within the job's phase (`chapter-3`, `page-12`).
 */
export interface PartLedger {
  /** The recorded value of `key`, else `make`'s, recorded before it is returned (a JSON value). */
  text<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** The recorded picture of `key`, else `make`'s, stored as a blob and recorded before it is returned. */
  picture(key: string, make: () => Promise<Buffer>): Promise<Buffer>;
}

/** A ledger that keeps nothing: for running a generator outside a job (tests, the bench). */
export const unrecordedParts: PartLedger = {
  text: (_key, make) => make(),
  picture: (_key, make) => make(),
};

export interface GeneratorTools {
  ai: AiProvider;
  signal: AbortSignal;
  progress(percent: number, step: string): Promise<void>;
  readBlob(blobId: string): Promise<Buffer>;
  parts: PartLedger;
  /** Calls the provider's gate lets through at once (AI_CONCURRENCY): a book's chapters go in waves of it. */
  parallelCalls?: number;
}

export type Generator<K extends GenerationKind> = (
  job: GeneratorJob<K>,
  tools: GeneratorTools,
) => Promise<GeneratorOutput>;
