// The page's one connection to the generation stream, opened while some screen needs it. The
// browser's EventSource resumes with Last-Event-ID after a dropped connection; when the server can
// no longer replay from there (a tab asleep for long), it sends `resync` and the screens refetch
// what the stream would have told them. When the stream cannot be had at all (no EventSource, or
// the server refuses it), screens fall back to refetching.

import { GENERATION_EVENTS_PATH } from '@studio/events';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import {
  applyToBookQueries,
  BOOKS_QUERY_ROOT,
  booksStillRunning,
  type GenerationEventData,
  parseGenerationEvent,
} from './generation-events';

export type StreamState = 'idle' | 'connecting' | 'open' | 'unavailable';

/** How often a screen refetches its books while the stream is unavailable and work is running. */
export const BOOKS_FALLBACK_REFETCH_MS = 10_000;
/**
 * With the stream up, the lists are still read again this often while a listed book is being made:
 * a list read that raced the book's last event (and came back older than it) is mended without a
 * reload, instead of leaving the card at 90 % for good.
 */
export const BOOKS_SAFETY_REFETCH_MS = 30_000;
/** Event names the stream may use besides the default 'message'. */
const EVENT_NAMES = ['message', 'progress', 'generation'] as const;
/** Sent instead of the events missed since Last-Event-ID when they are too far back to replay. */
const RESYNC_EVENT = 'resync';

let source: EventSource | null = null;
let users = 0;
let state: StreamState = 'idle';
const listeners = new Set<() => void>();
const eventListeners = new Set<(event: GenerationEventData) => void>();
const resyncListeners = new Set<() => void>();
const unknownIds = new Set<string>();

function setState(next: StreamState): void {
  if (state === next) return;
  state = next;
  for (const listener of listeners) listener();
}

function open(client: QueryClient): void {
  if (typeof EventSource === 'undefined') {
    setState('unavailable');
    return;
  }
  setState('connecting');
  const stream = new EventSource(GENERATION_EVENTS_PATH, { withCredentials: true });
  source = stream;
  const onEvent = (message: MessageEvent<string>) => {
    const event = parseGenerationEvent(message.data);
    if (!event) return;
    applyToBookQueries(client, event, unknownIds);
    for (const listener of eventListeners) listener(event);
  };
  for (const name of EVENT_NAMES) stream.addEventListener(name, onEvent as EventListener);
  stream.addEventListener(RESYNC_EVENT, () => {
    void client.invalidateQueries({ queryKey: [BOOKS_QUERY_ROOT] });
    for (const listener of resyncListeners) listener();
  });
  stream.onopen = () => setState('open');
  // CONNECTING: the browser retries by itself (with Last-Event-ID). CLOSED: refused for good.
  stream.onerror = () => {
    if (stream.readyState === EventSource.CLOSED) setState('unavailable');
    else setState('connecting');
  };
}

function close(): void {
  source?.close();
  source = null;
  setState('idle');
}

/**
 * Calls `listener` with every event of the stream while it is open: for screens whose lists are
 * not book lists (My Images refreshes its own). Returns the unsubscribe.
 */
export function onGenerationEvent(listener: (event: GenerationEventData) => void): () => void {
  eventListeners.add(listener);
  return () => {
    eventListeners.delete(listener);
  };
}

/**
 * Calls `listener` when the stream could not replay what was missed while it was away: a screen
 * whose lists are not book lists refetches them (the book lists are refetched here). Returns the
 * unsubscribe.
 */
export function onGenerationResync(listener: () => void): () => void {
  resyncListeners.add(listener);
  return () => {
    resyncListeners.delete(listener);
  };
}

/**
 * Keeps the generation stream open while the calling screen is mounted and `enabled` (a user is
 * signed in), and returns its state. With `fallbackRefetch`, the book lists are refetched every
 * BOOKS_FALLBACK_REFETCH_MS while the stream is unavailable, and every BOOKS_SAFETY_REFETCH_MS
 * while it is up and a listed book is still being made.
 */
export function useGenerationStream(enabled: boolean, fallbackRefetch = false): StreamState {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    users += 1;
    if (users === 1) open(client);
    return () => {
      users -= 1;
      if (users === 0) close();
    };
  }, [enabled, client]);

  const current = useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => state,
    () => 'idle' as const,
  );

  useEffect(() => {
    if (!fallbackRefetch || current === 'idle') return;
    const unavailable = current === 'unavailable';
    const timer = setInterval(
      () => {
        if (unavailable || booksStillRunning(client))
          void client.invalidateQueries({ queryKey: [BOOKS_QUERY_ROOT] });
      },
      unavailable ? BOOKS_FALLBACK_REFETCH_MS : BOOKS_SAFETY_REFETCH_MS,
    );
    return () => clearInterval(timer);
  }, [fallbackRefetch, current, client]);

  return current;
}
