/**
 * The AI port. Generators (one per tool) compose these primitives into books, pages and images;
 * providers only answer prompts. `offline` answers deterministically on this machine, `openai`
 * calls any OpenAI-compatible server.
 */
import type { AiUsage } from '@studio/events';
import type { WritingResult, WritingTask } from '../writing/book-text';
import type { PixelSize } from './image-sizes';

export type ImageStyle = 'coloring' | 'illustration';

/**
 * The art style an illustration is drawn in (a preset or a saved style, `studio/styles/`), as a
 * provider takes it: words for an image model, and the colours and line an offline drawing uses.
 */
export interface ArtStyle {
  /** What the style looks like, in words the image model is given. */
  words: string;
  /** Fills of the offline drawing's shapes. */
  palette: readonly string[];
  /** Its outlines' colour and weight (1 is the default line). */
  ink: string;
  stroke: number;
  /** The offline drawing's background. */
  ground: string;
  /** Soft edges (a watercolour's washes). */
  soft?: boolean;
  /** A saved style's reference picture: an image model draws in its manner. */
  reference?: Buffer;
}

/** Who a kids book is about, as the request gives it (docs/product/creation-tools-qr.md (Data)), with the uploaded picture if any. */
export interface CharacterBrief {
  name: string;
  gender: 'boy' | 'girl';
  story: string;
  /** The user's character picture: an opaque PNG, framed to 3:4…4:3 (outputs/pictures.ts). */
  image?: Buffer;
}

/**
 * spec: "character consistency for kids books": one reference made once per book and given with
 * every page's picture, so all 24 pages show the same character.
 */
export interface CharacterReference {
  /** The character's look in words, written once. */
  description: string;
  /** The uploaded picture every page is drawn from, when there is one. */
  image?: Buffer;
  /** The look a provider that draws its own character keeps (the offline one): colours and hair. */
  look?: CharacterLook;
}

/** A drawn character's colours (#rrggbb) and hair, from the brief and the photo. */
export interface CharacterLook {
  skin: string;
  hair: string;
  hairStyle: 'short' | 'long' | 'curly' | 'bunches';
  outfit: string;
}

/**
 * Where a call says what it used, once per request the provider answered (a call tried twice
 * reports twice): the job's meter prices it and records it with the job.
 */
export type UsageReport = (usage: Omit<AiUsage, 'costUsd'>) => void;

/** What every call takes: the job's signal, and where to report what it used. */
export interface CallOptions {
  signal: AbortSignal;
  usage?: UsageReport;
}

export interface AiProvider {
  readonly name: 'offline' | 'openai';
  /** Plain text for a prompt (chapters, outlines, listings). */
  text(prompt: string, options: CallOptions & { system: string; maxTokens?: number }): Promise<string>;
  /** Structured text for a book (outlines, a chapter, a kids story), complete or a ProviderError. */
  write<T extends WritingTask>(task: T, options: CallOptions): Promise<WritingResult<T>>;
  /** The reference a kids book keeps for its character (see CharacterReference). */
  character(brief: CharacterBrief, options: CallOptions): Promise<CharacterReference>;
  /**
   * A PNG; with a character, the picture shows that character as the reference has it. `size` is
   * the picture the page needs, in pixels at print size (its frame's inches at 300 ppi): a provider
   * that draws vectors draws exactly that, an image model answers the size it takes whose shape is
   * nearest (ai/image-sizes.ts), and the caller fits it to the frame. Without it, a square.
   */
  image(
    prompt: string,
    options: CallOptions & {
      style: ImageStyle;
      character?: CharacterReference;
      size?: PixelSize;
      artStyle?: ArtStyle;
    },
  ): Promise<Buffer>;
  /** A PNG of `original` changed as the prompt says (and redrawn in `artStyle` when given). */
  editImage(
    original: Buffer,
    prompt: string,
    options: CallOptions & { artStyle?: ArtStyle },
  ): Promise<Buffer>;
}

export class ProviderError extends Error {
  override name = 'ProviderError';
}

/** The provider asked us to slow down (HTTP 429): try again after `retryAfterMs`, or back off. */
export class ProviderBusyError extends ProviderError {
  override name = 'ProviderBusyError';
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The provider failed on its side or could not be reached (5xx, connection): worth another try. */
export class ProviderUnavailableError extends ProviderError {
  override name = 'ProviderUnavailableError';
}

/** The provider's safety system refused the prompt or the picture: rephrasing it is the fix, not a retry. */
export class ProviderRefusedError extends ProviderError {
  override name = 'ProviderRefusedError';
}

/**
 * The provider account cannot serve any call: its quota is spent, its key is refused, the model
 * does not exist. No retry fixes it; the operator must (they are alerted).
 */
export class ProviderAccountError extends ProviderError {
  override name = 'ProviderAccountError';
}
