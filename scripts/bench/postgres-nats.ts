// The distributed engines that run on our machines: the PostgreSQL event store against raw `pg`
// and against Emmett's PostgreSQL store on the same server in the same run, and publish → consume
// latency on the NATS JetStream and Kafka buses (scripts/engines/up.sh starts all three).
import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { Event } from '@studio/events';
import pg from 'pg';
import { createKafkaBus } from '../../services/src/platform/bus/kafka';
import { createNatsBus } from '../../services/src/platform/bus/nats';
import type { Bus } from '../../services/src/platform/bus/port';
import { createPostgresEventStore } from '../../services/src/platform/eventstore/postgres';
import { createPostgresReadStore } from '../../services/src/platform/readstore/postgres';
import { appendGenerationLog, rebuildAndReadRates } from './backend';
import { measurePostgresPeer } from './postgres-peer';
import { type BenchRow, percentile, ratio } from './table';

const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NATS_SERVERS = (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').replace(/^nats:\/\//, '').split(',');
const KAFKA_BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:19092').split(',');
const APPENDS = 2000;
const WRITERS = 16;
const READ_EVENTS = 20_000;
const MESSAGES = 500;
const REBUILD_EVENTS = 20_000;

export async function measurePostgresNats(): Promise<BenchRow[]> {
  return [...(await postgresRows()), ...(await natsRows()), ...(await kafkaRows())];
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
    // An idle connection the server closes (a restart, an admin's kill) is dropped, not fatal to the run.
    rawPool.on('error', (error) => console.error(`raw pool: ${error.message}`));
    const rawInsert = (i: number) => {
      const e = event(i);
      return rawPool.query(
        `INSERT INTO "${schema}".raw (stream, revision, event_id, type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)`,
        [`s-${i}`, 0, e.eventId, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)],
      );
    };
    const store = await createPostgresEventStore(POSTGRES_URL, { schema, poolSize: WRITERS });
    const append = (i: number) => store.append(`s-${i}`, [event(i)], { expectedRevision: 'no-stream' });

    // Each side in alternating slices: this machine's fsync rate drifts by 2× within seconds.
    let next = 0;
    const [raw1, ours1] = await alternating(
      APPENDS,
      1,
      () => rawInsert(next++),
      () => append(next++),
    );
    const [raw16, ours16] = await alternating(
      APPENDS,
      WRITERS,
      () => rawInsert(next++),
      () => append(next++),
    );

    // Reads: fill both tables to READ_EVENTS, then read everything back in pages of 500.
    const have = 2 * APPENDS;
    for (let i = have + next; i < READ_EVENTS + next; i += 500) {
      const batch = Array.from({ length: Math.min(500, READ_EVENTS + next - i) }, (_, k) => i + k);
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
        target: '≥ 0.80×',
        pass: ours1 / raw1 >= 0.8,
      },
      {
        // Appends take one lock so that commits come in position order; raw inserts do not.
        metric: `PostgreSQL append, ${WRITERS} writers ÷ raw pg INSERT`,
        value: `${ratio(ours16 / raw16)} (${ours16.toFixed(0)}/s vs ${raw16.toFixed(0)}/s)`,
        target: '',
        pass: null,
      },
      {
        // Group commit: the appends waiting while a group commits share the next one.
        metric: `PostgreSQL append, ${WRITERS} writers ÷ 1 writer`,
        value: `${ratio(ours16 / ours1)} (${ours16.toFixed(0)}/s vs ${ours1.toFixed(0)}/s)`,
        target: '≥ 3.00×',
        pass: ours16 / ours1 >= 3,
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
        target: '≥ 0.50×',
        pass: rebuild.rebuild / rebuild.read >= 0.5,
      },
      ...(await measurePostgresPeer(POSTGRES_URL)),
    ];
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await admin.end();
  }
}

/**
 * The generations projection rebuilt from a PostgreSQL log into a PostgreSQL read store, vs reading
 * that log raw, timed as the SQLite row is (rebuildAndReadRates).
 */
async function projectionRebuild(schema: string, raw: pg.Pool): Promise<{ rebuild: number; read: number }> {
  const events = await createPostgresEventStore(POSTGRES_URL, { schema: `${schema}_log` });
  const reads = await createPostgresReadStore(`${POSTGRES_URL}?schema=${schema}_reads`);
  try {
    await appendGenerationLog(events, REBUILD_EVENTS);
    return await rebuildAndReadRates(events, reads, async () => {
      let after = 0;
      for (;;) {
        const { rows } = await raw.query<{ position: string }>(
          `SELECT * FROM "${schema}_log".events WHERE position > $1 ORDER BY position LIMIT 1000`,
          [after],
        );
        if (rows.length === 0) break;
        after = Number(rows.at(-1)?.position);
      }
    });
  } finally {
    await events.close();
    await reads.close();
    await raw.query(`DROP SCHEMA IF EXISTS "${schema}_log" CASCADE`);
    await raw.query(`DROP SCHEMA IF EXISTS "${schema}_reads" CASCADE`);
  }
}

async function natsRows(): Promise<BenchRow[]> {
  const namespace = `bench${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  let bus: Bus;
  try {
    bus = await createNatsBus({ servers: NATS_SERVERS, namespace });
  } catch (error) {
    return [skipped('NATS rows', `no server at ${NATS_SERVERS.join(',')} (${(error as Error).message})`)];
  }
  try {
    return [await latencyRow('NATS', bus)];
  } finally {
    await bus.close();
    const nc = await connect({ servers: NATS_SERVERS });
    const jsm = await jetstreamManager(nc);
    for await (const info of jsm.streams.list())
      if (info.config.name.startsWith(`${namespace}_`)) await jsm.streams.delete(info.config.name);
    await nc.close();
  }
}

async function kafkaRows(): Promise<BenchRow[]> {
  const bus = createKafkaBus({
    brokers: KAFKA_BROKERS,
    clientId: 'bench',
    namespace: `bench${randomUUID().replaceAll('-', '').slice(0, 10)}`,
    retries: 1,
  });
  try {
    await bus.ping?.();
  } catch (error) {
    await bus.close().catch(() => {});
    return [skipped('Kafka rows', `no broker at ${KAFKA_BROKERS.join(',')} (${(error as Error).message})`)];
  }
  try {
    return [await latencyRow('Kafka', bus)];
  } finally {
    await bus.close();
  }
}

/** One message in flight at a time: the latency of one job handed to an idle worker. */
async function latencyRow(name: string, bus: Bus): Promise<BenchRow> {
  const latencies: number[] = [];
  let received = 0;
  const handle = await bus.subscribe<{ sentAt: number }>('latency', 'bench', async (m) => {
    latencies.push(performance.now() - m.value.sentAt);
    received += 1;
  });
  for (let i = 0; i < MESSAGES; i += 1) {
    const before = received;
    await bus.publish('latency', [{ key: `k${i % 8}`, value: { sentAt: performance.now() } }]);
    while (received === before) await new Promise((resolve) => setImmediate(resolve));
  }
  await handle.stop();
  latencies.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  return {
    metric: `${name} bus publish → consume p99 (one in flight)`,
    value: `${p99.toFixed(1)} ms (p50 ${percentile(latencies, 50).toFixed(1)} ms)`,
    target: '≤ 50 ms',
    pass: p99 <= 50,
  };
}

/**
 * `n` calls of each side from `writers` concurrent loops, in four alternating slices (a quarter of
 * the calls each); calls per second of each side over its slices.
 */
async function alternating(
  n: number,
  writers: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[number, number]> {
  const seconds = [0, 0];
  for (let slice = 0; slice < 4; slice++) {
    for (const [side, one] of [a, b].entries()) {
      let left = n / 4;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: writers }, async () => {
          while (left-- > 0) await one();
        }),
      );
      seconds[side] = (seconds[side] ?? 0) + (performance.now() - started) / 1000;
    }
  }
  return [n / (seconds[0] ?? 1), n / (seconds[1] ?? 1)];
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
