/**
 * Mutation testing of the core modules (`npm run mutation`): StrykerJS plants small faults in the
 * files below, one at a time, and runs the backend tests that cover each; a fault no test notices
 * is a survivor. Too slow to run on every CI pass on two cores; see docs/backend.md.
 * Run part of it with `npx stryker run --mutate <file>`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'jest.mutation.config.js', enableFindRelatedTests: true },
  // Each mutant runs only the tests that reached its code.
  coverageAnalysis: 'perTest',
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.mutation.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: [
    // Event store adapter and runners
    'services/src/platform/eventstore/sqlite.ts',
    'services/src/platform/runners/projector.ts',
    'services/src/platform/runners/reactor.ts',
    'services/src/platform/runners/relay.ts',
    'services/src/platform/command-handler.ts',
    // Public answers from memory, ahead of the middleware stack
    'services/src/platform/http/lean-routes.ts',
    // Deciders
    'services/src/account/credits.ts',
    'services/src/account/registration.ts',
    'services/src/account/decider.ts',
    'services/src/account/state.ts',
    'services/src/account/subscription.ts',
    'services/src/studio/generation.ts',
    // Snapshots keep long streams cheap
    'services/src/platform/snapshots.ts',
    // Jobs: worker, supervisor, refunds
    'services/src/studio/worker.ts',
    'services/src/studio/job-lease.ts',
    'services/src/studio/job-attempt.ts',
    'services/src/studio/job-outcome.ts',
    'services/src/studio/supervisor.ts',
    'services/src/studio/refunds.ts',
    // Sign-in and sessions
    'services/src/account/auth.ts',
    'services/src/account/sessions.ts',
    'services/src/account/identity.ts',
    'services/src/account/email-claims.ts',
    'services/src/platform/email-key.ts',
    // Payments
    'services/src/billing/payments.ts',
    'services/src/billing/stripe.ts',
    // QR codes: the decider and scan recording
    'services/src/qr/decider.ts',
    'services/src/qr/scan-recorder.ts',
    // KDP preflight of the book files
    'services/src/studio/preflight/preflight.ts',
    'services/src/studio/preflight/epub.ts',
    'services/src/studio/preflight/pdf.ts',
  ],
  thresholds: { high: 90, low: 85, break: 85 },
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Later runs re-test only the mutants whose code or tests changed.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  // Two cores, shared: one test process and the checker.
  concurrency: 1,
  timeoutMS: 15000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // The sandbox needs the backend and the shared event types only.
  ignorePatterns: [
    'shell',
    'kit',
    'mfe-*',
    'e2e',
    'docs',
    'data',
    'dist',
    'coverage',
    'test-results',
    'playwright-report',
    'storybook-static',
  ],
};
