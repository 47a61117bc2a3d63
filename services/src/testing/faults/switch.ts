import { type EngineName, EngineUnavailableError } from '../../platform/faults/unavailable';

export type FaultMode = 'up' | 'down' | 'slow' | 'flapping';

/**
 * The control of one fault-injecting wrapper: a drill turns an engine down (every call fails and
 * live connections drop), slow (every call stalls), flapping (down and up by turns, starting
 * down, every `periodMs`) or up again.
 */
export class FaultSwitch {
  private current: FaultMode = 'up';
  private stallMs = 0;
  private flapSince = 0;
  private flapPeriodMs = 40;
  private readonly dropListeners = new Set<(error: EngineUnavailableError) => void>();

  constructor(readonly engine: EngineName) {}

  get mode(): FaultMode {
    return this.current;
  }

  up(): void {
    this.current = 'up';
  }

  /** Every call fails, and every live connection (subscription, consumer) is dropped now. */
  down(): void {
    this.current = 'down';
    const error = this.unavailable();
    for (const drop of [...this.dropListeners]) drop(error);
  }

  slow(stallMs: number): void {
    this.current = 'slow';
    this.stallMs = stallMs;
  }

  flapping(periodMs = 40): void {
    this.current = 'flapping';
    this.flapSince = Date.now();
    this.flapPeriodMs = periodMs;
  }

  /** Passes a call through the fault: throws when the engine is down, waits when it is slow. */
  async gate(): Promise<void> {
    if (this.current === 'down') throw this.unavailable();
    if (
      this.current === 'flapping' &&
      Math.floor((Date.now() - this.flapSince) / this.flapPeriodMs) % 2 === 0
    )
      throw this.unavailable();
    if (this.current === 'slow') await new Promise((resolve) => setTimeout(resolve, this.stallMs));
  }

  /** Registers a live connection to drop on `down()`; returns the unregister function. */
  onDrop(listener: (error: EngineUnavailableError) => void): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  private unavailable(): EngineUnavailableError {
    return new EngineUnavailableError(this.engine, new Error(`fault injected: ${this.current}`));
  }
}

/** One switch per engine, for wrapping a whole platform. */
export interface FaultSwitches {
  eventStore: FaultSwitch;
  readStore: FaultSwitch;
  bus: FaultSwitch;
  blobs: FaultSwitch;
}

export const faultSwitches = (): FaultSwitches => ({
  eventStore: new FaultSwitch('event store'),
  readStore: new FaultSwitch('read store'),
  bus: new FaultSwitch('bus'),
  blobs: new FaultSwitch('blob store'),
});

/**
 * A faults section's given: before each test, the adapter `make` opens behind `wrap` on a switch
 * of its own, handed to `opened`; after it, the switch is up again and the adapter closed.
 */
export function eachBehindSwitch<Port extends { close(): Promise<void> }>(
  engine: EngineName,
  make: () => Promise<Port>,
  wrap: (inner: Port, faults: FaultSwitch) => Port,
  opened: (given: { inner: Port; faults: FaultSwitch; wrapped: Port }) => void,
): void {
  let inner: Port;
  let faults: FaultSwitch;
  beforeEach(async () => {
    inner = await make();
    faults = new FaultSwitch(engine);
    opened({ inner, faults, wrapped: wrap(inner, faults) });
  });
  afterEach(async () => {
    faults.up();
    await inner.close();
  });
}
