import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Role } from '../main/modules';

export interface EmbeddedChild {
  url: string;
  child: ChildProcess;
  /** Exit code, or the signal's name when killed by one. */
  exited: Promise<number | string>;
  output: () => string;
}

const ENTRY = path.join(__dirname, 'embedded-child.fixture.ts');
const REPO = path.join(__dirname, '../../..');

/** Tests only: the embedded server as a child process on DATA_DIR, resolved once it listens. */
export async function spawnEmbedded(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<EmbeddedChild> {
  const { child, exited, output, match } = await spawnChild(
    ENTRY,
    dataDir,
    env,
    /Studio is running at (\S+)/,
  );
  return { url: match, child, exited, output };
}

export type RoleChild = Omit<EmbeddedChild, 'url'>;

/**
 * Tests only: one distributed role (`api`, `projector`, `relay`, `worker`) as a child process on DATA_DIR
 * (embedded engines), resolved once it says it started. Its ops server listens on a free port.
 */
export async function spawnRole(
  role: Role,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RoleChild> {
  const { child, exited, output } = await spawnChild(
    path.join(__dirname, '../main', `${role}.ts`),
    dataDir,
    { PAYMENTS: 'simulated', OPS_PORT: '0', LOG_LEVEL: 'info', ...env },
    new RegExp(`"msg":"(${role} started)"`),
  );
  return { child, exited, output };
}

function spawnChild(
  entry: string,
  dataDir: string,
  env: Record<string, string>,
  ready: RegExp,
): Promise<RoleChild & { match: string }> {
  // One node process with tsx's loader (the tsx CLI would put a second process in between,
  // and SIGKILL would only reach that one).
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match?.[1]) resolve({ match: match[1], child, exited, output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    exited.then((code) =>
      reject(new Error(`child ${path.basename(entry)} exited (${code}) before it was ready:\n${output}`)),
    );
  });
}
