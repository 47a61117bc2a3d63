import type { Doc, ReadStore } from './readstore/port';

/**
 * How a decider's state is kept as a snapshot: a decider opts in by providing one. Bump `version`
 * whenever the state's shape (or `encode`) changes: snapshots of another version are ignored and
 * the stream is folded from its start again.
 */
export interface SnapshotCodec<State> {
  /** Tells apart snapshots of different deciders folding the same stream. */
  name: string;
  version: number;
  /** Write a snapshot once this many events were folded on top of the last one. */
  every: number;
  /** To plain JSON (no Set, Map, Date, undefined-only fields relied upon). */
  encode(state: State): unknown;
  decode(json: unknown): State;
}

/** A stream's folded state as of `revision`, whose event was `eventId`. */
export interface Snapshot {
  revision: number;
  /** Checked against the stream when read: a snapshot of another log (a reset store) is ignored. */
  eventId: string;
  version: number;
  state: unknown;
}

export interface SnapshotStore {
  get(stream: string, name: string): Promise<Snapshot | undefined>;
  put(stream: string, name: string, snapshot: Snapshot): Promise<void>;
}

/** Snapshots live in the read store, one document per stream and decider. */
export const SNAPSHOTS = 'snapshots';

interface SnapshotDoc extends Doc, Snapshot {
  stream: string;
  name: string;
}

export function readStoreSnapshots(readStore: Pick<ReadStore, 'collection'>): SnapshotStore {
  const docs = readStore.collection<SnapshotDoc>(SNAPSHOTS);
  const id = (stream: string, name: string) => `${name}:${stream}`;
  return {
    async get(stream, name) {
      const doc = await docs.get(id(stream, name));
      if (!doc) return undefined;
      return { revision: doc.revision, eventId: doc.eventId, version: doc.version, state: doc.state };
    },
    async put(stream, name, snapshot) {
      await docs.put({ _id: id(stream, name), stream, name, ...snapshot });
    },
  };
}
