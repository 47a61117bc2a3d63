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
const USERS = 40;

/**
 * StartGeneration through the command handler, with and without what metrics add to the command
 * path: the metered event store (a counter per event) and the request histogram (one observation
 * per request). The two run interleaved, command by command, on one store, so a busy machine slows
 * both alike; synchronous=NORMAL, so fsync does not hide the CPU cost.
 */
export async function measureMetricsOverhead(n = 2000): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-bench-metrics-'));
  const store = createSqliteEventStore(path.join(dir, 'events.db'), { synchronous: 'NORMAL' });
  const metrics = new Metrics({ processMetrics: false });
  const plain = new CommandHandler(store);
  const metered = new CommandHandler(meteredEventStore(store, metrics));
  const users: string[] = [];
  for (let u = 0; u < USERS; u++) {
    const user = await register(
      plain,
      { name: 'Bench', email: `bench${u}@example.com`, password: 'secret12' },
      ctx,
    );
    await plain.handle(
      accountStream(user.userId),
      accountDecider,
      {
        type: 'GrantCredits',
        amount: n * 4,
        reason: 'plan-purchase',
        planId: 'premium',
        paymentRef: `b${u}`,
      },
      ctx,
    );
    users.push(user.userId);
  }
  const spent = { plain: 0, metered: 0 };
  for (let i = 0; i < n; i++) {
    const withMetrics = i % 2 === 1;
    const started = performance.now();
    await startGeneration(withMetrics ? metered : plain, {
      userId: users[i % USERS] as string,
      generationId: randomUUID(),
      request: { kind: 'coloring-page', input: { prompt: `p${i}` } },
      cost: 4,
      ...ctx,
    });
    if (withMetrics)
      metrics.observeRequest(
        'POST',
        '/api/generate-coloring-book-page',
        202,
        (performance.now() - started) / 1000,
      );
    spent[withMetrics ? 'metered' : 'plain'] += performance.now() - started;
  }
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  const cost = spent.metered / spent.plain - 1;
  return [
    {
      metric: 'command mean time without metrics (baseline)',
      value: `${(spent.plain / (n / 2)).toFixed(2)} ms`,
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
