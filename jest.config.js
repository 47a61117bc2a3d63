/**
 * One jest run for every workspace; tests sit beside the code they test. Two kinds, by file name:
 * `*.int.test.ts(x)` start something real (SQLite files, PostgreSQL, NATS, an HTTP server, a child
 * process, a build) and get the engine setup; `*.drill.int.test.ts` are the long drills among them
 * (several processes killed or cut off, whole books end to end), a project of their own; every other
 * `*.test.ts(x)` is a unit test (pure code, SQLite in memory at most) and runs without it.
 * `npm run test:unit`, `test:int` and `test:drills` pick one project; a plain `jest` runs all
 * three, each file once.
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
const DRILL = /\.drill\.int\.test\.tsx?$/.source;
const engines = {
  // Real engines through testcontainers where a Docker engine is reachable (see the setup file).
  globalSetup: '<rootDir>/scripts/test-engines/global-setup.ts',
  globalTeardown: '<rootDir>/scripts/test-engines/global-teardown.ts',
};

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
      testPathIgnorePatterns: ['/node_modules/', '/dist/', DRILL],
      ...engines,
    },
    {
      ...common,
      displayName: 'drills',
      testMatch: [`<rootDir>/${WORKSPACES}/**/*.drill.int.test.{ts,tsx}`],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      ...engines,
    },
  ],
};
