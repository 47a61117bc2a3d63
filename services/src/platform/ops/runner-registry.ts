import type { RunnerState } from '../runners/projector';

/** What readiness and metrics may know about a runner of this process. */
export interface RunnerView {
  kind: 'projection' | 'reactor';
  name: string;
  readonly state: RunnerState;
  /** Position of the last event it has applied or handled. */
  readonly checkpoint: number | undefined;
}

/**
 * The runners this process started (projectors, reactors), filled by the composition root, read
 * by /api/ready and /metrics: the ops side never reaches into the feature modules.
 */
export class RunnerRegistry {
  private readonly runners: RunnerView[] = [];

  add(...runners: RunnerView[]): void {
    this.runners.push(...runners);
  }

  list(): readonly RunnerView[] {
    return this.runners;
  }

  find(kind: RunnerView['kind'], name: string): RunnerView | undefined {
    return this.runners.find((r) => r.kind === kind && r.name === name);
  }
}
