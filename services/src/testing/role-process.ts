import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { eventually } from './helpers';

/**
 * Tests only: one process of the distributed runtime (`services/src/main/<role>.ts`) started from
 * the TypeScript sources with the given environment, answering `/api/health` on its own port (the
 * API's port, or the ops port of the others) before the promise resolves.
 */
export type Role = 'api' | 'worker' | 'relay' | 'projector';

export interface RoleProcess {
  role: Role;
  index: number;
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<unknown>;
}

const REPO = path.join(__dirname, '../../..');

export async function startRole(
  role: Role,
  index: number,
  env: Record<string, string>,
): Promise<RoleProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', `services/src/main/${role}.ts`], {
    cwd: REPO,
    env: { ...process.env, ...env, PORT: String(port), OPS_PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`${role} ${index} exited:\n${output}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    return res?.ok === true;
  }, 120_000);
  return { role, index, child, port, output: () => output, exited };
}

/**
 * What every process of a distributed drill is started with: both stores on one PostgreSQL
 * database, blobs in the drill's folder, payments and AI simulated, the sign-in rate limit out of
 * the load's way, and short job leases so a killed worker's job moves on within the drill.
 */
export function drillEnv(storeUrl: string, busUrl: string, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    EVENT_STORE_URL: storeUrl,
    READ_STORE_URL: storeUrl,
    BUS_URL: busUrl,
    BLOB_STORE_URL: `file:${path.join(dataDir, 'blobs')}`,
    PAYMENTS: 'simulated',
    AI_PROVIDER: 'offline',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
    TRUST_PROXY: '1',
    JOB_LEASE_MS: '3000',
  };
}

/** SIGKILL, then the exits: nothing a drill started outlives it. */
export async function killRoles(processes: readonly RoleProcess[]): Promise<void> {
  for (const r of processes) r.child.kill('SIGKILL');
  await Promise.all(processes.map((r) => r.exited));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
