// What the event-store peer benches share: the event both sides append, the state they fold a
// stream into, counted slices of concurrent writers and of reads, our store's writes, and the row
// that compares two sides.
import type { Event } from '@studio/events';
import type { EventStore } from '../../services/src/platform/eventstore/port';
import { newEventId } from '../../services/src/platform/ids';
import { type BenchRow, ratio } from './table';

export const metadata = {
  correlationId: 'bench',
  causationId: 'bench',
  occurredAt: '2026-11-22T00:00:00.000Z',
  schemaVersion: 1,
};
export const progressed = (i: number) => ({
  generationId: 'g',
  progress: i % 100,
  step: `Rendering page ${i}`,
});

/** The same state on both sides: what a generation's stream folds into. */
export interface Progress {
  events: number;
  progress: number;
  step: string;
}
export const initialProgress = (): Progress => ({ events: 0, progress: 0, step: '' });
export const evolve = (state: Progress, data: unknown): Progress => {
  const d = data as { progress: number; step: string };
  return { events: state.events + 1, progress: d.progress, step: d.step };
};

/** Successes and failures of one side over one measurement. */
export interface Tally {
  done: number;
  errors: number;
  seconds: number;
}
export const perSecond = (t: Tally) => t.done / t.seconds;
const sum = (ts: Tally[]): Tally => ({
  done: ts.reduce((n, t) => n + t.done, 0),
  errors: ts.reduce((n, t) => n + t.errors, 0),
  seconds: ts.reduce((n, t) => n + t.seconds, 0),
});

export const elapsed = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

/** `times` reads into state, each counted done when it folded at least one event. */
export async function timed(times: number, read: () => Promise<Progress>): Promise<Tally> {
  const tally = { done: 0, errors: 0, seconds: 0 };
  const start = process.hrtime.bigint();
  for (let i = 0; i < times; i++) {
    try {
      if ((await read()).events > 0) tally.done += 1;
      else tally.errors += 1;
    } catch {
      tally.errors += 1;
    }
  }
  tally.seconds = elapsed(start);
  return tally;
}

/**
 * Our event store's writes, the same on every engine: `append` races `writers` new streams (one
 * event each time, at its expected revision), `fill` writes a stream in batches of 100 (setup).
 */
export function ourWrites(store: Pick<EventStore, 'append'>) {
  let round = 0;
  const event = (i: number): Event => ({
    // The ids the product's commands give their events.
    eventId: newEventId(),
    type: 'GenerationProgressed',
    data: progressed(i),
    metadata,
  });
  return {
    async append(writers: number, ms: number): Promise<Tally> {
      round += 1;
      const streams = Array.from({ length: writers }, (_, w) => `generation-ours-${round}-${w}`);
      const revisions: Array<number | undefined> = [];
      return writersFor(writers, ms, async (w) => {
        const expected = revisions[w];
        const result = await store.append(streams[w] as string, [event(expected ?? 0)], {
          expectedRevision: expected ?? 'no-stream',
        });
        revisions[w] = result.nextExpectedRevision;
      });
    },
    async fill(stream: string, count: number): Promise<void> {
      let expected: number | 'no-stream' = 'no-stream';
      for (let i = 0; i < count; i += 100) {
        const batch = Array.from({ length: Math.min(100, count - i) }, (_, j) => event(i + j));
        expected = (await store.append(stream, batch, { expectedRevision: expected })).nextExpectedRevision;
      }
    },
  };
}

/** Runs `writers` loops of `command` until `ms` passed; counts what succeeded and what threw. */
export async function writersFor(
  writers: number,
  ms: number,
  command: (writer: number) => Promise<void>,
): Promise<Tally> {
  const tally = { done: 0, errors: 0, seconds: 0 };
  const start = process.hrtime.bigint();
  const end = Date.now() + ms;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      while (Date.now() < end) {
        try {
          await command(w);
          tally.done += 1;
        } catch {
          tally.errors += 1;
        }
      }
    }),
  );
  tally.seconds = elapsed(start);
  return tally;
}

/**
 * Emmett logs every transaction it rolls back (each SQLITE_BUSY of 16 writers) to the console;
 * muted while it runs, its errors are counted instead.
 */
export async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const { log, error } = console;
  console.log = () => {};
  console.error = () => {};
  try {
    return await work();
  } finally {
    console.log = log;
    console.error = error;
  }
}

/** Both sides in alternating slices (the machine is shared and its load drifts), summed. */
export async function alternate(
  slices: number,
  a: () => Promise<Tally>,
  b: () => Promise<Tally>,
): Promise<{ ours: Tally; peer: Tally }> {
  const left: Tally[] = [];
  const right: Tally[] = [];
  for (let i = 0; i < slices; i++) {
    left.push(await a());
    right.push(await quietly(b));
  }
  return { ours: sum(left), peer: sum(right) };
}

/** A side of the head-to-head appends and reads. */
interface AppendingSide {
  append(writers: number, ms: number): Promise<Tally>;
  readIntoState(stream: string, times: number): Promise<Tally>;
  fill(stream: string, count: number): Promise<void>;
}

/**
 * The appends (one writer, then sixteen at once, after a warm-up) and the reads of a 1,000-event
 * stream into state that every peer comparison makes, the sides alternating. `peerSetUp` wraps
 * the peer's warm-up and fill (`quietly` where the peer logs its own retries).
 */
export async function appendsAndReads(
  us: AppendingSide,
  them: AppendingSide,
  peerSetUp: (work: () => Promise<unknown>) => Promise<unknown> = (work) => work(),
) {
  await us.append(1, 200);
  await peerSetUp(() => them.append(1, 200));
  const one = await alternate(
    3,
    () => us.append(1, 700),
    () => them.append(1, 700),
  );
  const sixteen = await alternate(
    3,
    () => us.append(16, 700),
    () => them.append(16, 700),
  );
  await us.fill('generation-long', 1000);
  await peerSetUp(() => them.fill('generation-long', 1000));
  const reads = await alternate(
    3,
    () => us.readIntoState('generation-long', 30),
    () => them.readIntoState('generation-long', 30),
  );
  return { one, sixteen, reads };
}

export function peerRow(
  metric: string,
  unit: string,
  { ours: o, peer: p }: { ours: Tally; peer: Tally },
): BenchRow {
  const share = perSecond(o) / perSecond(p);
  return {
    metric: `${metric} (ours ÷ Emmett; errors ours / Emmett)`,
    value: `${ratio(share)} (${perSecond(o).toFixed(0)} vs ${perSecond(p).toFixed(0)} ${unit}; errors ${o.errors} / ${p.errors})`,
    target: '≥ 1.00×, 0 errors ours',
    pass: share >= 1 && o.errors === 0,
  };
}
