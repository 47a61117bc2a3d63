import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountStream } from '@studio/events';
import { accountDecider } from '../../services/src/account/decider';
import { register } from '../../services/src/account/identity';
import { CommandHandler } from '../../services/src/platform/command-handler';
import { createSqliteEventStore } from '../../services/src/platform/eventstore/sqlite';
import { Metrics, meteredEventStore } from '../../services/src/platform/ops/metrics';
import { startGeneration } from '../../services/src/studio/start-generation';
import type { BenchRow } from './table';

const ctx = { at: '2026-11-22T00:00:00.000Z', correlationId: 'bench', causationId: 'bench' };

/**
 * StartGeneration commands per second through the command handler, with or without what metrics
 * add to the command path: the metered event store (a counter per event) and the request histogram
 * (one observation per request). synchronous=NORMAL, so fsync does not hide the CPU cost.
 */
async function commandsPerSecond(n: number, metered: boolean): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-bench-metrics-'));
  const raw = createSqliteEventStore(path.join(dir, 'events.db'), { synchronous: 'NORMAL' });
  const metrics = metered ? new Metrics({ processMetrics: false }) : undefined;
  const commands = new CommandHandler(metrics ? meteredEventStore(raw, metrics) : raw);
  const user = await register(
    commands,
    { name: 'Bench', email: 'bench@example.com', password: 'secret12' },
    ctx,
  );
  await commands.handle(
    accountStream(user.userId),
    accountDecider,
    { type: 'GrantCredits', amount: n * 4, reason: 'plan-purchase', planId: 'premium', paymentRef: 'bench' },
    ctx,
  );
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const began = metrics ? performance.now() : 0;
    await startGeneration(commands, {
      userId: user.userId,
      generationId: randomUUID(),
      request: { kind: 'coloring-page', input: { prompt: `p${i}` } },
      cost: 4,
      ...ctx,
    });
    metrics?.observeRequest(
      'POST',
      '/api/generate-coloring-book-page',
      202,
      (performance.now() - began) / 1000,
    );
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  await raw.close();
  rmSync(dir, { recursive: true, force: true });
  return n / seconds;
}

export async function measureMetricsOverhead(): Promise<BenchRow[]> {
  const n = 1500;
  await commandsPerSecond(200, false);
  await commandsPerSecond(200, true);
  // Alternating order in each round; the median round's cost is reported.
  const costs: number[] = [];
  const plainRates: number[] = [];
  for (let round = 0; round < 5; round++) {
    const first = round % 2 === 0;
    const a = await commandsPerSecond(n, !first);
    const b = await commandsPerSecond(n, first);
    const [plain, metered] = first ? [b, a] : [a, b];
    plainRates.push(plain);
    costs.push(1 - metered / plain);
  }
  costs.sort((x, y) => x - y);
  plainRates.sort((x, y) => x - y);
  const cost = costs[Math.floor(costs.length / 2)] ?? Number.NaN;
  return [
    {
      metric: 'commands/s without metrics (baseline)',
      value: (plainRates[Math.floor(plainRates.length / 2)] ?? 0).toFixed(0),
      target: '',
      pass: null,
    },
    {
      metric: 'metrics overhead on the command path',
      value: `${(cost * 100).toFixed(1)} %`,
      target: '≤ 5 %',
      pass: cost <= 0.05,
    },
  ];
}
