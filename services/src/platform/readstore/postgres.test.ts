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
} else {
  process.stdout.write(
    `skipped: PostgreSQL read store contract suite — no server answers at POSTGRES_URL (${new URL(url).host})\n`,
  );
  describe.skip('PostgreSQL read store contract suite (needs POSTGRES_URL)', () => {
    it('runs against the real engine', () => {});
  });
}
