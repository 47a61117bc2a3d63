import type { AlertProbe } from '../../platform/ops/readiness';

/**
 * Whether the AI provider's account can serve, as this process's jobs found it: the last job that
 * failed because the account could not (quota, key, model) raises the alert, the next job that
 * completes clears it. Read by `/api/ready` (`alerts`) and `/metrics` (`studio_alert_ok`) of the
 * processes that run the generation worker; elsewhere it says it does not know.
 */
export class ProviderAccountWatch {
  private failure?: { detail: string; since: string };
  private watching = false;

  /** This process runs the worker (its jobs are what the watch hears of). */
  start(): void {
    this.watching = true;
  }

  failed(detail: string, at: string): void {
    this.failure ??= { detail, since: at };
  }

  served(): void {
    this.failure = undefined;
  }

  readonly probe: AlertProbe = {
    name: 'ai-provider-account',
    measure: async () => {
      if (!this.watching) return { ok: null, detail: 'watched where the generation worker runs' };
      return this.failure
        ? {
            ok: false,
            detail: `the AI provider refuses this account: ${this.failure.detail}`,
            since: this.failure.since,
          }
        : { ok: true };
    },
  };
}
