import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createOfflineProvider } from '../studio/ai/offline';
import { onePageKidsBook } from '../testing/pictures';

const run = promisify(execFile);
const signal = new AbortController().signal;

/** `npm run preflight` on a file, as an author runs it: its report and exit code. */
async function preflightCli(file: string): Promise<{ out: string; code: number }> {
  const cli = path.join(__dirname, 'preflight.ts');
  const tsx = path.join(__dirname, '../../../node_modules/.bin/tsx');
  try {
    const { stdout } = await run(tsx, [cli, file]);
    return { out: stdout, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; code: number };
    return { out: failed.stdout, code: failed.code };
  }
}

describe('npm run preflight', () => {
  it("reports each picture's declared and real resolution, and fails a kids page enlarged from a 1024 px square", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'preflight-'));
    const interior = async (size?: { width: number; height: number }) => {
      const picture = await createOfflineProvider().image('Mia and a fox', {
        style: 'illustration',
        signal,
        ...(size ? { size } : {}),
      });
      return (await onePageKidsBook(picture)).interior.pdf;
    };
    writeFileSync(path.join(dir, 'soft.pdf'), await interior());
    writeFileSync(path.join(dir, 'sharp.pdf'), await interior({ width: 2588, height: 1725 }));
    const soft = await preflightCli(path.join(dir, 'soft.pdf'));
    expect(soft.code).toBe(1);
    const real = Number(/page 3: 300 ppi declared, about (\d+) ppi of real detail/.exec(soft.out)?.[1]);
    expect(real).toBeGreaterThan(90);
    expect(real).toBeLessThan(150);
    const sharp = await preflightCli(path.join(dir, 'sharp.pdf'));
    expect(sharp.code).toBe(0);
    expect(sharp.out).toMatch(/page 3: 300 ppi declared, about (2\d\d|3\d\d) ppi of real detail/);
  }, 120_000);
});
