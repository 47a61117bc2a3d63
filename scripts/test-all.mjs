#!/usr/bin/env node
// `npm test`: type check, lint, jest, then the browser tests; prints one closing line
// "N passed, N failed" with the totals of jest and Playwright (CI reads that line).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

mkdirSync('test-results', { recursive: true });
let passed = 0;
let failed = 0;

for (const [name, args] of [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['boundaries', ['run', 'boundaries']],
  // Unused files, exports and dependencies (knip.json): dead code fails the build.
  ['deadcode', ['run', 'deadcode']],
]) {
  const status = run('npm', args);
  if (status === 0) passed += 1;
  else {
    failed += 1;
    console.error(`${name} failed`);
  }
}

// The unit and integration projects share one pool of workers (their scripts say how many: one per
// core); the drills then run alone,
// one at a time, as their processes and kills need the machine to themselves. Each file once.
for (const [script, output] of [
  ['test:fast', 'test-results/jest.json'],
  ['test:drills', 'test-results/jest-drills.json'],
]) {
  rmSync(output, { force: true });
  run('npm', ['run', script, '--', '--json', `--outputFile=${output}`]);
  if (existsSync(output)) {
    const jest = JSON.parse(readFileSync(output, 'utf8'));
    passed += jest.numPassedTests;
    failed += jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0);
  } else failed += 1;
}

// Storybook for the kit must build offline (docs/design.md (Tests and checks)): one counted step.
{
  const status = run('npm', ['run', 'build-storybook', '--workspace', '@studio/kit'], {
    STORYBOOK_DISABLE_TELEMETRY: '1',
  });
  if (status === 0) passed += 1;
  else {
    failed += 1;
    console.error('storybook build failed');
  }
}

// The browser tests run against the built shell and remotes; without a build they cannot run.
const webBuilt = run('npm', ['run', 'build:web']) === 0;
if (!webBuilt) {
  failed += 1;
  console.error('build:web FAILED: the browser tests were not run');
}

if (webBuilt && existsSync('playwright.config.ts')) {
  rmSync('test-results/playwright.json', { force: true });
  const status = run('npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json',
  });
  if (existsSync('test-results/playwright.json')) {
    const report = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'));
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    // A run that could not start (e.g. the web server failed) has errors but no failed test.
    if (report.stats.unexpected === 0 && (report.errors?.length || status !== 0)) {
      failed += 1;
      console.error('playwright run failed outside the tests');
    }
  } else if (status !== 0) failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
