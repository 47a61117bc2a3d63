/**
 * The jest run StrykerJS uses (`npm run mutation`): the backend tests of both kinds but the drills
 * (minutes each, per mutant), without the
 * global setup that starts real engines in containers (their suites skip themselves without them).
 * MUTATION_TESTS (comma-separated globs from the repo root) narrows it to a module's own suites
 * for a quick per-file run; its score is a lower bound of the full run's (fewer tests, fewer kills).
 */
const { projects, testTimeout } = require('./jest.config.js');
const {
  displayName: _name,
  globalSetup: _setup,
  globalTeardown: _teardown,
  ...base
} = projects.find((project) => project.displayName === 'integration');

const narrowed = process.env.MUTATION_TESTS?.split(',').map((glob) => `<rootDir>/${glob.trim()}`);

module.exports = {
  ...base,
  testTimeout,
  testMatch: narrowed ?? ['<rootDir>/services/src/**/*.test.ts'],
};
