import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { whenEngineConfigured } from './helpers';

/**
 * Tests only: PostgreSQL suites, each run in a schema of its own.
 * Registers a PostgreSQL suite against POSTGRES_URL (the test setup sets it when the local server
 * answers); otherwise prints one line saying why it is skipped, or fails where CI requires it.
 */
export function whenPostgresAnswers(suite: string, register: (url: string) => void): void {
  whenEngineConfigured('POSTGRES_URL', suite, register);
}

/** The URL with the read store's `schema` parameter. */
export const inSchema = (base: string, schema: string) =>
  `${base}${base.includes('?') ? '&' : '?'}schema=${schema}`;

export async function dropPostgresSchema(base: string, schema: string): Promise<void> {
  await adminQuery(base, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}

/**
 * A database of its own on the server of `base`, for a drill whose processes share it: the drill
 * creates it before them and drops it after (closing what connections are left).
 */
export function drillDatabase(base: string, prefix: string) {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url,
    create: () => adminQuery(base, `CREATE DATABASE "${name}"`),
    drop: () => adminQuery(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** One statement on a connection of its own (DDL that must not run inside a suite's pool). */
async function adminQuery(base: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
