import { spawnSync } from 'node:child_process';
import { Client } from 'pg';

/**
 * Tests only: the PostgreSQL server the suites run against, POSTGRES_URL or the local one that
 * developers' machines and CI run as a service. Each run works in a schema of its own.
 */
const url = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether the server accepts a connection, asked synchronously (suites register synchronously). */
function answers(connectionString: string): boolean {
  const probe = `const { Client } = require('pg'); const c = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
    c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));`;
  return spawnSync(process.execPath, ['-e', probe, connectionString], { timeout: 10_000 }).status === 0;
}

/**
 * Registers a PostgreSQL suite when the server answers; otherwise prints one line saying why it is
 * skipped and registers it as skipped (counted as skipped, never as passed).
 */
export function whenPostgresAnswers(suite: string, register: (url: string) => void): void {
  if (answers(url)) {
    register(url);
    return;
  }
  process.stdout.write(`skipped: ${suite} — no PostgreSQL answers at POSTGRES_URL (${new URL(url).host})\n`);
  describe.skip(`${suite} (needs PostgreSQL at POSTGRES_URL)`, () => {
    it('runs against the real engine', () => {});
  });
}

/** The URL with the read store's `schema` parameter. */
export const inSchema = (base: string, schema: string) =>
  `${base}${base.includes('?') ? '&' : '?'}schema=${schema}`;

export async function dropPostgresSchema(base: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
