// The distributed engines that run on our machines: the PostgreSQL event store against raw `pg`
// on the same server in the same run, and publish → consume latency on the NATS JetStream bus.
import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { Event } from '@studio/events';
import pg from 'pg';
import { createNatsBus } from '../../services/src/platform/bus/nats';
import { createPostgresEventStore } from '../../services/src/platform/eventstore/postgres';
import { createLogger } from '../../services/src/platform/logging';
import { createPostgresReadStore } from '../../services/src/platform/readstore/postgres';
import { ProjectorRunner } from '../../services/src/platform/runners/projector';
import { generationsProjection } from '../../services/src/studio/generations-projection';
import { appendGenerationLog } from './backend';
import { type BenchRow, percentile, ratio } from './table';

const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NATS_SERVERS = (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').replace(/^nats:\/\//, '').split(',');
const APPENDS = 2000;
const WRITERS = 16;
const READ_EVENTS = 20_000;
const MESSAGES = 500;
const REBUILD_EVENTS = 5000;

export async function measurePostgresNats(): Promise<BenchRow[]> {
  return [...(await postgresRows()), ...(await natsRows())];
}

async function postgresRows(): Promise<BenchRow[]> {
  const schema = `bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    return [skipped('PostgreSQL rows', `no server at ${POSTGRES_URL} (${(error as Error).message})`)];
  }
  try {
    await admin.query(`CREATE SCHEMA "${schema}"`);
    // The baseline: the same row, one autocommit INSERT per append, same synchronous_commit.
    await admin.query(`CREATE TABLE "${schema}".raw (
      position BIGSERIAL PRIMARY KEY, stream TEXT NOT NULL, revision INTEGER NOT NULL,
      event_id TEXT NOT NULL UNIQUE, type TEXT NOT NULL, data JSONB NOT NULL, metadata JSONB NOT NULL)`);
    const rawPool = new pg.Pool({ connectionString: POSTGRES_URL, max: WRITERS });
    const rawInsert = (i: number) => {
      const e = event(i);
      return rawPool.query(
        `INSERT INTO "${schema}".raw (stream, revision, event_id, type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)`,
        [`s-${i}`, 0, e.eventId, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)],
      );
    };
    const store = await createPostgresEventStore(POSTGRES_URL, { schema, poolSize: WRITERS });
    const append = (i: number) => store.append(`s-${i}`, [event(i)], { expectedRevision: 'no-stream' });

    const raw1 = await perSecond(APPENDS, 1, rawInsert);
    const ours1 = await perSecond(APPENDS, 1, append);
    const raw16 = await perSecond(APPENDS, WRITERS, (i) => rawInsert(APPENDS + i));
    const ours16 = await perSecond(APPENDS, WRITERS, (i) => append(APPENDS + i));

    // Reads: fill both tables to READ_EVENTS, then read everything back in pages of 500.
    const have = 2 * APPENDS;
    for (let i = have; i < READ_EVENTS; i += 500) {
      const batch = Array.from({ length: Math.min(500, READ_EVENTS - i) }, (_, k) => i + k);
      await Promise.all(batch.map((n) => rawInsert(n)));
      await Promise.all(batch.map((n) => append(n)));
    }
    const rawRead = await readsPerSecond(async (after) => {
      const { rows } = await rawPool.query<{ position: string; data: unknown }>(
        `SELECT * FROM "${schema}".raw WHERE position > $1 ORDER BY position LIMIT 500`,
        [after],
      );
      return rows.map((r) => Number(r.position));
    });
    const oursRead = await readsPerSecond(async (after) =>
      (await store.readAll({ after, limit: 500 })).map((e) => e.position),
    );
    await store.close();
    const rebuild = await projectionRebuild(schema, rawPool);
    await rawPool.end();
    return [
      {
        metric: 'PostgreSQL append, 1 writer ÷ raw pg INSERT',
        value: `${ratio(ours1 / raw1)} (${ours1.toFixed(0)}/s vs ${raw1.toFixed(0)}/s)`,
        target: '≥ 0.50×',
        pass: ours1 / raw1 >= 0.5,
      },
      {
        // Appends take one lock so that commits come in position order; raw inserts do not.
        metric: `PostgreSQL append, ${WRITERS} writers ÷ raw pg INSERT`,
        value: `${ratio(ours16 / raw16)} (${ours16.toFixed(0)}/s vs ${raw16.toFixed(0)}/s)`,
        target: '',
        pass: null,
      },
      {
        metric: `PostgreSQL catch-up read of ${READ_EVENTS} events ÷ raw pg SELECT`,
        value: `${ratio(oursRead / rawRead)} (${oursRead.toFixed(0)}/s vs ${rawRead.toFixed(0)}/s)`,
        target: '≥ 0.50×',
        pass: oursRead / rawRead >= 0.5,
      },
      {
        // The bulk path: the log read page by page, one transaction writing each document once.
        metric: `PostgreSQL projection rebuild (${REBUILD_EVENTS} events, read model on PostgreSQL) ÷ raw pg SELECT`,
        value: `${ratio(rebuild.rebuild / rebuild.read)} (${rebuild.rebuild.toFixed(0)}/s vs ${rebuild.read.toFixed(0)}/s)`,
        target: '',
        pass: null,
      },
    ];
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await admin.end();
  }
}

/** The generations projection rebuilt from a PostgreSQL log into a PostgreSQL read store, vs reading that log raw. */
async function projectionRebuild(schema: string, raw: pg.Pool): Promise<{ rebuild: number; read: number }> {
  const events = await createPostgresEventStore(POSTGRES_URL, { schema: `${schema}_log` });
  const reads = await createPostgresReadStore(`${POSTGRES_URL}?schema=${schema}_reads`);
  try {
    await appendGenerationLog(events, REBUILD_EVENTS);
    const total = (await events.headPosition()) ?? 0;
    const started = performance.now();
    let after = 0;
    for (;;) {
      const { rows } = await raw.query<{ position: string }>(
        `SELECT * FROM "${schema}_log".events WHERE position > $1 ORDER BY position LIMIT 1000`,
        [after],
      );
      if (rows.length === 0) break;
      after = Number(rows.at(-1)?.position);
    }
    const read = total / ((performance.now() - started) / 1000);
    const runner = new ProjectorRunner(events, reads, generationsProjection, createLogger('silent'));
    const rebuildStarted = performance.now();
    await runner.rebuild();
    const rebuild = total / ((performance.now() - rebuildStarted) / 1000);
    await runner.stop();
    return { rebuild, read };
  } finally {
    await events.close();
    await reads.close();
    await raw.query(`DROP SCHEMA IF EXISTS "${schema}_log" CASCADE`);
    await raw.query(`DROP SCHEMA IF EXISTS "${schema}_reads" CASCADE`);
  }
}

async function natsRows(): Promise<BenchRow[]> {
  const namespace = `bench${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  let bus: Awaited<ReturnType<typeof createNatsBus>>;
  try {
    bus = await createNatsBus({ servers: NATS_SERVERS, namespace });
  } catch (error) {
    return [skipped('NATS rows', `no server at ${NATS_SERVERS.join(',')} (${(error as Error).message})`)];
  }
  try {
    const latencies: number[] = [];
    let received = 0;
    const handle = await bus.subscribe<{ sentAt: number }>('latency', 'bench', async (m) => {
      latencies.push(performance.now() - m.value.sentAt);
      received += 1;
    });
    // One message in flight at a time: the latency of one job handed to an idle worker.
    for (let i = 0; i < MESSAGES; i += 1) {
      const before = received;
      await bus.publish('latency', [{ key: `k${i % 8}`, value: { sentAt: performance.now() } }]);
      while (received === before) await new Promise((resolve) => setImmediate(resolve));
    }
    await handle.stop();
    latencies.sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    return [
      {
        metric: 'NATS bus publish → consume p99 (one in flight)',
        value: `${p99.toFixed(1)} ms (p50 ${percentile(latencies, 50).toFixed(1)} ms)`,
        target: '≤ 50 ms',
        pass: p99 <= 50,
      },
    ];
  } finally {
    await bus.close();
    const nc = await connect({ servers: NATS_SERVERS });
    const jsm = await jetstreamManager(nc);
    for await (const info of jsm.streams.list())
      if (info.config.name.startsWith(`${namespace}_`)) await jsm.streams.delete(info.config.name);
    await nc.close();
  }
}

/** Calls `one(i)` for i in [0, n) from `writers` concurrent loops; calls per second. */
async function perSecond(n: number, writers: number, one: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (let i = next++; i < n; i = next++) await one(i);
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

/** Pages through everything from position 0; events per second. */
async function readsPerSecond(page: (after: number) => Promise<number[]>): Promise<number> {
  let after = 0;
  let count = 0;
  const started = performance.now();
  for (;;) {
    const positions = await page(after);
    if (positions.length === 0) break;
    count += positions.length;
    after = positions.at(-1) ?? after;
  }
  return count / ((performance.now() - started) / 1000);
}

function event(i: number): Event {
  return {
    eventId: randomUUID(),
    type: 'ScanRecorded',
    data: { codeId: `code-${i % 50}`, device: 'phone', at: '2026-11-25T12:00:00.000Z' },
    metadata: {
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: '2026-11-25T12:00:00.000Z',
      schemaVersion: 1,
    },
  };
}

function skipped(what: string, why: string): BenchRow {
  console.log(`skipped: ${what}: ${why}`);
  return { metric: `${what} (skipped: ${why})`, value: '–', target: '', pass: null };
}
