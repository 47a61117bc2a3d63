/**
 * The jest run StrykerJS uses (`npm run mutation`): the backend tests only, without the global
 * setup that starts real engines in containers (their suites skip themselves without them).
 */
const { globalSetup: _setup, globalTeardown: _teardown, ...base } = require('./jest.config.js');

module.exports = {
  ...base,
  testMatch: ['<rootDir>/services/src/**/*.test.ts'],
};
