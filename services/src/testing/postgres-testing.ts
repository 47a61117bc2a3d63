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
  const client = new Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
