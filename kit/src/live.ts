// @studio/kit/live: live generation progress (the one EventSource per page and the book-list
// patches) and how long each tool usually takes, a shared entry of its own so the shell's first
// load does not carry it. Its state is a module-level singleton, shared by every remote through
// this entry.
import './theme/bundler-nonce'; // first: sign injected <style> tags with the CSP nonce

export { estimateText, NO_ESTIMATE, useToolDurations, usualTime } from './generations/estimate';
export {
  type AppliedEvent,
  applyGenerationEvent,
  BOOKS_QUERY_ROOT,
  type GenerationEventData,
  type LiveBook,
  parseGenerationEvent,
} from './generations/generation-events';
export {
  BOOKS_FALLBACK_REFETCH_MS,
  onGenerationEvent,
  onGenerationResync,
  type StreamState,
  useGenerationStream,
} from './generations/live-books';
