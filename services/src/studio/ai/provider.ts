/**
 * The AI port. Generators (one per tool) compose these primitives into books, pages and images;
 * providers only answer prompts. `offline` answers deterministically on this machine, `openai`
 * calls any OpenAI-compatible server.
 */
import type { WritingResult, WritingTask } from '../writing/book-text';

export type ImageStyle = 'coloring' | 'illustration';

export interface AiProvider {
  readonly name: 'offline' | 'openai';
  /** Plain text for a prompt (chapters, outlines, listings). */
  text(prompt: string, options: { system: string; signal: AbortSignal; maxTokens?: number }): Promise<string>;
  /** Structured text for a book (outlines, a chapter, a kids story), complete or a ProviderError. */
  write<T extends WritingTask>(task: T, options: { signal: AbortSignal }): Promise<WritingResult<T>>;
  /** A square PNG. */
  image(prompt: string, options: { style: ImageStyle; signal: AbortSignal }): Promise<Buffer>;
  /** A PNG of `original` changed as the prompt says. */
  editImage(original: Buffer, prompt: string, options: { signal: AbortSignal }): Promise<Buffer>;
}

export class ProviderError extends Error {
  override name = 'ProviderError';
}
