import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../services/src/testing/role-process';

/**
 * The compiled backend as production runs it: `npm run build:server`, then plain `node` on the
 * bundles against a fresh DATA_DIR. A change that type-checks and runs under tsx but does not
 * bundle or start compiled fails here.
 */
const ROOT = path.join(__dirname, '..');
const DIST = path.join(ROOT, 'services', 'dist', 'main');

/** Polls a URL until it answers 200; the last answer (or error) otherwise, after the deadline. */
async function readyAt(url: string, child: ChildProcess, output: () => string): Promise<number> {
  const deadline = Date.now() + 25_000;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return 200;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never answered 200 (last: ${last}):\n${output()}`);
}

describe('the compiled backend', () => {
  let build: ReturnType<typeof spawnSync>;
  const children: ChildProcess[] = [];
  const dataDirs: string[] = [];

  beforeAll(() => {
    build = spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, encoding: 'utf8' });
  }, 60_000);

  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Starts `node <bundle>` the way the image's CMD does, with a data folder of its own. */
  function start(bundle: string, env: Record<string, string>) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'compiled-'));
    dataDirs.push(dataDir);
    let output = '';
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(DIST, bundle)], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PAYMENTS: 'simulated', LOG_LEVEL: 'warn', ...env },
    });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    children.push(child);
    return { child, output: () => output };
  }

  it('builds every process and prints the production closure within its 300 MB target', () => {
    expect(build.stderr).not.toMatch(/error/i);
    expect(build.status).toBe(0);
    const closure = /production closure: (\d+) packages, ([\d.]+) MB; run stage \/app ≈ ([\d.]+) MB/.exec(
      String(build.stdout),
    );
    expect(closure).not.toBeNull();
    expect(Number(closure?.[1])).toBeGreaterThan(50);
    expect(Number(closure?.[3])).toBeLessThanOrEqual(300);
    expect(String(build.stdout)).not.toContain('OVER TARGET');
  });

  it('starts the API with plain node and answers /api/ready with 200', async () => {
    const port = await freePort();
    const api = start('api.js', { PORT: String(port) });
    await expect(readyAt(`http://127.0.0.1:${port}/api/ready`, api.child, api.output)).resolves.toBe(200);
  });

  it.each(['projector', 'relay', 'worker'])(
    'starts the %s with plain node and answers /api/ready on its ops port',
    async (name) => {
      const port = await freePort();
      const started = start(`${name}.js`, { OPS_PORT: String(port) });
      await expect(
        readyAt(`http://127.0.0.1:${port}/api/ready`, started.child, started.output),
      ).resolves.toBe(200);
    },
  );

  it("keeps the Typst thread's script beside the bundles, where they start it, and it typesets there", () => {
    // What studio/outputs/typst.ts does from the compiled worker: a thread from __dirname.
    const script = `
      const { Worker } = require('node:worker_threads');
      const worker = new Worker(require('node:path').join(${JSON.stringify(DIST)}, 'typst-worker.cjs'));
      worker.on('message', (reply) => { console.log(JSON.stringify(reply)); worker.terminate(); });
      worker.postMessage({ id: 1, op: 'pages', source: 'Hello', files: {} });`;
    const run = spawnSync(process.execPath, ['-e', script], {
      cwd: tmpdir(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ id: 1, pages: 1 });
  });

  it('the operator command runs compiled: usage and exit code 2 without arguments', () => {
    const admin = spawnSync(process.execPath, [path.join(DIST, 'admin.js')], { cwd: ROOT, encoding: 'utf8' });
    expect(admin.stderr).toContain('usage: npm run admin -- grant|revoke <email>');
    expect(admin.status).toBe(2);
  });
});
