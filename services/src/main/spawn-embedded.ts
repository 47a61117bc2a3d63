import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

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
export function spawnEmbedded(dataDir: string, env: Record<string, string> = {}): Promise<EmbeddedChild> {
  // One node process with tsx's loader (the tsx CLI would put a second process in between,
  // and SIGKILL would only reach that one).
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
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
      const match = /Studio is running at (\S+)/.exec(output);
      if (match?.[1]) resolve({ url: match[1], child, exited, output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    exited.then((code) => reject(new Error(`embedded child exited (${code}) before listening:\n${output}`)));
  });
}
