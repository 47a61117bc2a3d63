import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Logger } from '../platform/logging';

/** Test helpers with no engine behind them. */
export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-test-'));
  // Retries: a job handed back at a server's stop may still be finishing a file write.
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }) };
}

/**
 * Fresh database files for the suite that calls it at its top: each call of the function returned
 * names `file` in a new folder, below one temp folder removed after the suite.
 */
export function useTempFiles(file: string): () => string {
  const root = tempDataDir();
  afterAll(() => root.remove());
  return () => path.join(mkdtempSync(path.join(root.dir, 't-')), file);
}

/** Runs `body` on `store`, then closes the store whatever `body` did. */
export async function withStore<S extends { close(): Promise<void> }>(
  store: S,
  body: (store: S) => Promise<void>,
): Promise<void> {
  try {
    await body(store);
  } finally {
    await store.close();
  }
}

/**
 * Checks that `stop` waits for the handler in flight: still pending a moment after it is asked,
 * settled once `release` lets the handler finish.
 */
export async function expectStopToWaitForHandler(
  stop: () => Promise<void>,
  release: () => void,
): Promise<void> {
  let stopped = false;
  const stopping = stop().then(() => {
    stopped = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(stopped).toBe(false);
  release();
  await stopping;
}

/** Polls until `check` returns a value (not undefined/false) or the time is up. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Registers a real-engine suite when its variable is set; otherwise prints one line saying why it
 * is skipped and registers it as skipped, so it is counted as skipped, never as passed.
 */
export function whenEngineConfigured(
  variable: string,
  suite: string,
  register: (value: string) => void,
): void {
  const value = process.env[variable]?.trim();
  if (value) {
    register(value);
    return;
  }
  // Where the machine promises the server (CI lists it in REQUIRED_ENGINES), a skip would hide a
  // broken setup: the suite fails instead.
  if (requiredEngines().includes(variable)) {
    describe(suite, () => {
      it(`runs against the real engine (${variable} is required here)`, () => {
        throw new Error(`${variable} is not set, but REQUIRED_ENGINES lists it: is the server up?`);
      });
    });
    return;
  }
  process.stdout.write(`skipped: ${suite} — ${variable} is not set (no such server on this machine)\n`);
  describe.skip(`${suite} (needs ${variable})`, () => {
    it('runs against the real engine', () => {});
  });
}

function requiredEngines(): string[] {
  return (process.env.REQUIRED_ENGINES ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** Drops a MongoDB database a contract run created. */
export async function dropMongoDatabase(url: string, name: string): Promise<void> {
  const { MongoClient } = await import('mongodb');
  const client = await MongoClient.connect(url);
  try {
    await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

/**
 * A PNG whose header claims other dimensions (CRC fixed up): a decompression bomb's header, for
 * tests of the upload limits.
 */
export function withDimensions(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real logger whose JSON lines land in `lines`: what the code tells the operator, for a test to read. */
export function capturingLogger<Line extends object = Record<string, unknown>>(
  level: 'info' | 'warn' = 'info',
): { logger: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** A supertest parser that keeps a body as its bytes (a file, a CSV with its BOM): `.buffer(true).parse(bytesBody)`. */
export function bytesBody(
  res: { on(event: 'data' | 'end', listener: (chunk: Buffer) => void): unknown },
  done: (error: Error | null, body: Buffer) => void,
): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
