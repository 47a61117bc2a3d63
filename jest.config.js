/**
 * One jest run for every workspace; tests sit beside the code they test. Two kinds, by file name:
 * `*.int.test.ts(x)` start something real (SQLite files, PostgreSQL, NATS, an HTTP server, a child
 * process, a build) and get the engine setup; every other `*.test.ts(x)` is a unit test (pure code,
 * SQLite in memory at most) and runs without it. `npm run test:unit` and `npm run test:int` pick
 * one project; a plain `jest` runs both, each file once.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', importSource: '@emotion/react' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const WORKSPACES = '{events,services,kit,shell,mfe-*}/src';
const INTEGRATION = /\.int\.test\.tsx?$/.source;

const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  // A mutation run's sandbox copy of the repo (stryker.config.mjs) is not part of the project.
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp/'],
};

module.exports = {
  // A run-wide option: jest ignores it inside a project.
  testTimeout: 30000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [`<rootDir>/${WORKSPACES}/**/*.test.{ts,tsx}`, '<rootDir>/scripts/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/', INTEGRATION],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: [`<rootDir>/${WORKSPACES}/**/*.int.test.{ts,tsx}`, '<rootDir>/scripts/**/*.int.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      // Real engines through testcontainers where a Docker engine is reachable (see the setup file).
      globalSetup: '<rootDir>/scripts/test-engines/global-setup.ts',
      globalTeardown: '<rootDir>/scripts/test-engines/global-teardown.ts',
    },
  ],
};
