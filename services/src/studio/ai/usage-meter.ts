import type { AiUsage } from '@studio/events';
import { callCost, type PriceTable, priceOf } from './prices';
import type { UsageReport } from './provider';

/**
 * One attempt's provider calls, priced as they are reported and handed, once each, to the next
 * event the attempt records (a part, the outlines, the completion or the failure): a job's cost
 * is in its log, and a worker that dies loses only what it had not recorded yet.
 */
export class UsageMeter {
  private pending: AiUsage[] = [];

  constructor(
    private readonly prices: PriceTable,
    /** Told of a model the price table does not know (its calls are counted at 0). */
    private readonly onUnpriced: (model: string) => void = () => {},
  ) {}

  readonly report: UsageReport = (usage) => {
    if (!priceOf(this.prices, usage.model)) this.onUnpriced(usage.model);
    this.pending.push({
      ...usage,
      costUsd: Math.round(callCost(this.prices, usage) * 1_000_000) / 1_000_000,
    });
  };

  /** The calls reported since the last take (undefined when there were none). */
  take(): AiUsage[] | undefined {
    if (this.pending.length === 0) return undefined;
    const taken = this.pending;
    this.pending = [];
    return taken;
  }
}
