import type { EventStore } from '../eventstore/port';
import type { ReadStore } from './port';

/** How long a read waits for its projection at most; past it, the read model answers as it is. */
const WAIT_MS = 2_000;
const POLL_MS = 10;

/**
 * Waits until a projection has applied every event the log held when this is called, so a read
 * made after a client learnt of an event (the progress stream announces each one the moment it
 * commits, the projector applies it a moment later) shows that event. Bounded: a paused
 * projection delays a read by WAIT_MS, never hangs it; with the log unreachable, nothing is waited.
 */
export async function readYourWrites(
  { eventStore, readStore }: { eventStore: EventStore; readStore: ReadStore },
  projection: string,
): Promise<void> {
  let head: number | undefined;
  try {
    head = await eventStore.headPosition();
  } catch {
    return;
  }
  if (head === undefined) return;
  const deadline = Date.now() + WAIT_MS;
  while (((await readStore.getCheckpoint(projection)) ?? 0) < head && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}
