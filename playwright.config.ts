// Browser tests: Debian's Chromium against the embedded server (`npm run serve`), which serves the
// built shell and remotes (run `npm run build:web` first; `npm test` does).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3217);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh data folder per run; workers inherit it through the environment.
process.env.STUDIO_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'studio-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 30_000,
  expect: { timeout: 8_000 },
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // 'json' writes to PLAYWRIGHT_JSON_OUTPUT_NAME, which scripts/test-all.mjs reads.
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npm run serve',
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.STUDIO_E2E_DATA_DIR,
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
