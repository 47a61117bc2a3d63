import type { BlobStore } from '../blobs/port';
import type { Bus } from '../bus/port';
import type { Clock } from '../clock';
import type { EventStore } from '../eventstore/port';
import type { ReadStore } from '../readstore/port';
import { PARKED_EVENTS } from '../runners/parked-events';
import type { RunnerState } from '../runners/projector';
import type { RunnerRegistry } from './runner-registry';

/** A module's job queue as the operator sees it: how many wait, since when the oldest. */
export interface QueueProbe {
  name: string;
  measure(): Promise<{ depth: number; oldestQueuedAt?: string }>;
}

/**
 * Something a module watches that no engine check shows (the AI provider's account refusing every
 * call): reported, and graphed, but not a reason to take the process out of service.
 */
export interface AlertProbe {
  name: string;
  /** `ok: false` with what is wrong and since when; `null` where this process cannot tell. */
  measure(): Promise<{ ok: boolean | null; detail?: string; since?: string }>;
}

/** Lag is counted in events up to this many; beyond it the report says "at least". */
export const LAG_CAP = 1000;

export interface EngineCheck {
  up: boolean;
  latencyMs: number;
  error?: string;
}

export interface RunnerCheck {
  name: string;
  /** Only for runners of this process; the distributed API sees checkpoints, not runners. */
  state?: RunnerState;
  checkpoint: number | null;
  /** Events in the log after the checkpoint (at most LAG_CAP; `lagAtLeast` when capped). */
  lag: number | null;
  lagAtLeast?: boolean;
}

export interface ReadinessReport {
  status: 'ready' | 'not ready';
  engines: Record<'eventStore' | 'readStore' | 'bus' | 'blobs', EngineCheck>;
  projections: RunnerCheck[];
  reactors: RunnerCheck[];
  relay: RunnerCheck | null;
  queues: Array<{ name: string; depth: number; oldestAgeSeconds: number | null }>;
  parkedEvents: number | null;
  alerts: Array<{ name: string; ok: boolean | null; detail?: string; since?: string }>;
}

export interface ReadinessDeps {
  platform: { eventStore: EventStore; readStore: ReadStore; bus: Bus; blobs: BlobStore; clock: Clock };
  runners: RunnerRegistry;
  /** Every projection and reactor of the product by checkpoint name (whichever process runs them). */
  projections: string[];
  reactors: string[];
  queues: QueueProbe[];
  alerts?: AlertProbe[];
}

const PROBE_BLOB = 'readiness-probe';

async function timed(check: () => Promise<unknown>): Promise<EngineCheck> {
  const started = performance.now();
  try {
    await check();
    return { up: true, latencyMs: round(performance.now() - started) };
  } catch (error) {
    return {
      up: false,
      latencyMs: round(performance.now() - started),
      error: error instanceof Error ? error.message.split('\n')[0] : String(error),
    };
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * What /api/ready answers: each engine (up/down, round-trip latency), each projection's and the
 * relay's lag behind the log, the job queues and the parked events. Ready when every engine
 * answers and no runner of this process is stopped or paused (a standby, waiting for another
 * instance's lease, is ready).
 */
export async function readiness(deps: ReadinessDeps): Promise<ReadinessReport> {
  const { eventStore, readStore, bus, blobs } = deps.platform;
  let head: number | undefined;
  const [eventCheck, readCheck, busCheck, blobCheck] = await Promise.all([
    timed(async () => {
      head = await eventStore.headPosition();
    }),
    timed(() => readStore.getCheckpoint('readiness-probe')),
    timed(async () => bus.ping?.()),
    timed(() => blobs.get(PROBE_BLOB)),
  ]);
  const engines = { eventStore: eventCheck, readStore: readCheck, bus: busCheck, blobs: blobCheck };
  const enginesUp = Object.values(engines).every((e) => e.up);

  const check = async (kind: 'projection' | 'reactor', name: string): Promise<RunnerCheck> => {
    const runner = deps.runners.find(kind, name);
    let checkpoint: number | undefined;
    let lag: number | null = null;
    let lagAtLeast = false;
    try {
      checkpoint = readCheck.up ? await readStore.getCheckpoint(name) : runner?.checkpoint;
      if (eventCheck.up) {
        if (head === undefined || (checkpoint !== undefined && checkpoint >= head)) lag = 0;
        else {
          const behind = await eventStore.readAll({
            ...(checkpoint !== undefined ? { after: checkpoint } : {}),
            limit: LAG_CAP,
          });
          lag = behind.length;
          lagAtLeast = behind.length === LAG_CAP;
        }
      }
    } catch {
      lag = null;
    }
    return {
      name,
      ...(runner ? { state: runner.state } : {}),
      checkpoint: checkpoint ?? null,
      lag,
      ...(lagAtLeast ? { lagAtLeast } : {}),
    };
  };

  const projections = await Promise.all(deps.projections.map((name) => check('projection', name)));
  const reactors = await Promise.all(deps.reactors.map((name) => check('reactor', name)));
  const now = deps.platform.clock.now().getTime();
  const queues = await Promise.all(
    deps.queues.map(async (queue) => {
      try {
        const { depth, oldestQueuedAt } = await queue.measure();
        const oldestAgeSeconds = oldestQueuedAt
          ? Math.max(0, (now - Date.parse(oldestQueuedAt)) / 1000)
          : null;
        return { name: queue.name, depth, oldestAgeSeconds };
      } catch {
        return { name: queue.name, depth: -1, oldestAgeSeconds: null };
      }
    }),
  );
  let parkedEvents: number | null = null;
  try {
    parkedEvents = readCheck.up ? await readStore.collection(PARKED_EVENTS).count() : null;
  } catch {
    parkedEvents = null;
  }

  const alerts = await Promise.all(
    (deps.alerts ?? []).map(async (alert) => {
      try {
        return { name: alert.name, ...(await alert.measure()) };
      } catch {
        return { name: alert.name, ok: null };
      }
    }),
  );

  // A standby is healthy: it waits for the active instance's lease.
  const runnersHealthy = deps.runners.list().every((r) => r.state === 'running' || r.state === 'standby');
  return {
    status: enginesUp && runnersHealthy ? 'ready' : 'not ready',
    engines,
    projections,
    reactors,
    relay: reactors.find((r) => r.name === 'relay') ?? null,
    queues,
    parkedEvents,
    alerts,
  };
}
