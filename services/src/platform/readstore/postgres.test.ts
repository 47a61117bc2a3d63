import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { readStoreContract } from './contract';
import { createPostgresReadStore } from './postgres';

/**
 * Runs against the PostgreSQL server at POSTGRES_URL (default: the local one the machines run),
 * in a schema of its own per run, dropped at the end. Without a server it prints one line and skips.
 */
const url = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether the server accepts a connection, asked synchronously (suites register synchronously). */
function answers(connectionString: string): boolean {
  const probe = `const { Client } = require('pg'); const c = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
    c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));`;
  return spawnSync(process.execPath, ['-e', probe, connectionString], { timeout: 10_000 }).status === 0;
}

if (answers(url)) {
  const schema = `readstore_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  readStoreContract(
    'postgresql',
    () => createPostgresReadStore(`${url}${url.includes('?') ? '&' : '?'}schema=${schema}`),
    async () => {
      const client = new Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  );

  describe('PostgreSQL read store', () => {
    const storeUrl = `${url}${url.includes('?') ? '&' : '?'}schema=${schema}`;

    it('answers filtered queries from an expression index', async () => {
      const store = await createPostgresReadStore(storeUrl);
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        await store.ensureIndex('codes_ix', ['ownerId']);
        await store.collection('codes_ix').put({ _id: '1', ownerId: 'u' });
        await client.query('SET enable_seqscan = off');
        const plan = await client.query(
          `EXPLAIN SELECT doc FROM "${schema}"."c_codes_ix" WHERE (doc #> ARRAY['ownerId']::text[] = '"u"'::jsonb)`,
        );
        expect(plan.rows.map((row) => row['QUERY PLAN']).join(' ')).toMatch(/Index Scan|Bitmap Index Scan/);
      } finally {
        await client.end();
        await store.drop(['codes_ix']);
        await store.close();
      }
    });

    it('counts every increment when two processes upsert the same new document at once', async () => {
      const stores = [await createPostgresReadStore(storeUrl), await createPostgresReadStore(storeUrl)];
      const id = randomUUID();
      try {
        await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            stores[i % 2]?.apply([{ op: 'update', collection: 'bumps', id, inc: { n: 1 }, upsert: true }]),
          ),
        );
        expect(await stores[0]?.collection('bumps').get(id)).toEqual({ _id: id, n: 60 });
      } finally {
        await stores[0]?.drop(['bumps']);
        for (const store of stores) await store.close();
      }
    });
  });
} else {
  process.stdout.write(
    `skipped: PostgreSQL read store contract suite — no server answers at POSTGRES_URL (${new URL(url).host})\n`,
  );
  describe.skip('PostgreSQL read store contract suite (needs POSTGRES_URL)', () => {
    it('runs against the real engine', () => {});
  });
}
