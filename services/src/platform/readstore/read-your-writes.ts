import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore } from '../eventstore/port';
import type { ReadStore } from './port';

/** How long a read waits for its projection at most; past it, the read model answers as it is. */
const WAIT_MS = 2_000;
const POLL_MS = 10;

/**
 * Waits until a projection has applied every event the log held when this is called, so a read
 * made after a client learnt of an event (the progress stream announces each one the moment it
 * commits, the projector applies it a moment later) shows that event. Bounded: a paused
 * projection or a hanging log delays a read by WAIT_MS, never more; with the log unreachable,
 * nothing is waited.
 */
export async function readYourWrites(
  { eventStore, readStore }: { eventStore: EventStore; readStore: ReadStore },
  projection: string,
): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  const gaveUp = new AbortController();
  let head: number | undefined;
  try {
    head = await Promise.race([
      eventStore.headPosition(),
      sleep(WAIT_MS, undefined, { signal: gaveUp.signal }).catch(() => undefined),
    ]);
  } catch {
    return;
  } finally {
    gaveUp.abort();
  }
  if (head === undefined) return;
  while (((await readStore.getCheckpoint(projection)) ?? 0) < head && Date.now() < deadline)
    await sleep(POLL_MS);
}

/**
 * Whether a projection has applied every event the log held when this is called, waiting up to
 * `waitMs` for it (a checkpoint may lag a moment behind events the projection passes over): what
 * a job that trusts a read model's silence (no generation names this file) checks first.
 */
export async function projectionCaughtUp(
  { eventStore, readStore }: { eventStore: EventStore; readStore: ReadStore },
  projection: string,
  waitMs = 5_000,
): Promise<boolean> {
  const head = await eventStore.headPosition();
  if (head === undefined) return true;
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (((await readStore.getCheckpoint(projection)) ?? 0) >= head) return true;
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
}
