/** One jest run for every workspace; tests sit beside the code they test. */
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

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  testMatch: [
    '<rootDir>/{events,services,kit,shell,mfe-*}/src/**/*.test.{ts,tsx}',
    '<rootDir>/scripts/**/*.test.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // A mutation run's sandbox copy of the repo (stryker.config.mjs) is not part of the project.
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp/'],

  testTimeout: 30000,
  // Real engines through testcontainers where a Docker engine is reachable (see the setup file).
  globalSetup: '<rootDir>/scripts/test-engines/global-setup.ts',
  globalTeardown: '<rootDir>/scripts/test-engines/global-teardown.ts',
};
