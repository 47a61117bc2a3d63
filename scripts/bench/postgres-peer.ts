// The PostgreSQL event store against its peer, Emmett's PostgreSQL event store, on the same server
// in the same run at the same durability (synchronous_commit on for both: ours sets it for every
// append a client waits on, Emmett runs the server's default, read back here).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createPostgresEventStore } from '../../services/src/platform/eventstore/postgres';
import { emmett, type PgSide } from './emmett-postgresql/emmett-side';
import { appendsAndReads, evolve, initialProgress, ourWrites, type Progress, peerRow, timed } from './peer';
import type { BenchRow } from './table';

async function ours(url: string, schema: string): Promise<PgSide> {
  const store = await createPostgresEventStore(url, { schema, poolSize: 16 });
  return {
    ...ourWrites(store),
    readIntoState: (stream, times) =>
      timed(times, async () =>
        (await store.readStream(stream)).reduce((s: Progress, e) => evolve(s, e.data), initialProgress()),
      ),
    close: () => store.close(),
  };
}

export async function measurePostgresPeer(url: string): Promise<BenchRow[]> {
  const name = `bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const emmettUrl = (() => {
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.toString();
  })();
  const us = await ours(url, name);
  const them = emmett(emmettUrl);
  try {
    const { rows } = await admin.query<{ setting: string }>(
      "SELECT setting FROM pg_settings WHERE name = 'synchronous_commit'",
    );
    const durability = `ours on (set per append), Emmett ${rows[0]?.setting} (the server's)`;
    const { one, sixteen, reads } = await appendsAndReads(us, them);
    return [
      {
        metric: 'PostgreSQL event store durability, both sides',
        value: durability,
        target: 'on',
        pass: null,
      },
      peerRow('PostgreSQL append, one event per command, 1 writer', 'appends/s', one),
      peerRow('PostgreSQL append, one event per command, 16 concurrent writers', 'appends/s', sixteen),
      peerRow('PostgreSQL read a 1,000-event stream into state', 'reads/s', reads),
    ];
  } finally {
    await us.close();
    await them.close();
    await admin.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`).catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}
