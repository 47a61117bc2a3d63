#!/usr/bin/env node
// `npm test`: type check, lint, jest, then the browser tests; prints one closing line
// "N passed, N failed" with the totals of jest and Playwright (CI reads that line).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

mkdirSync('test-results', { recursive: true });
let passed = 0;
let failed = 0;

for (const [name, args] of [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
]) {
  const status = run('npm', args);
  if (status === 0) passed += 1;
  else {
    failed += 1;
    console.error(`${name} failed`);
  }
}

run('npx', ['jest', '--json', '--outputFile=test-results/jest.json']);
if (existsSync('test-results/jest.json')) {
  const jest = JSON.parse(readFileSync('test-results/jest.json', 'utf8'));
  passed += jest.numPassedTests;
  failed += jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0);
} else failed += 1;

if (existsSync('playwright.config.ts')) {
  const status = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json' });
  if (existsSync('test-results/playwright.json')) {
    const stats = JSON.parse(readFileSync('test-results/playwright.json', 'utf8')).stats;
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  } else if (status !== 0) failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
