// The boundaries of docs/conventions.md, checked on every `npm test` (`npm run boundaries`). A rule here
// fails the build when an import crosses it; the comment of each rule says why it exists.
// The bounded contexts are named once, in services/src/contexts.json (main/modules.ts builds them
// from it): a new context is under every rule below as soon as it is listed there.
const CONTEXT_NAMES = Object.keys(require('./services/src/contexts.json'));
/** The context every other one builds on (credits); it imports none of them. */
const CORE = 'account';
const CONTEXTS = `(${CONTEXT_NAMES.join('|')})`;
const OTHER_CONTEXTS = `(${CONTEXT_NAMES.filter((name) => name !== CORE).join('|')})`;
const DECIDERS = `^services/src/${CONTEXTS}/(decider|credits|credentials|registration|subscription|plan-change|state|generation|job/[^/]+)\\.ts$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'deciders-are-pure',
      comment: 'A decider decides from a command and a state: no HTTP, no engine adapter, no I/O library.',
      severity: 'error',
      from: { path: DECIDERS },
      to: {
        path: [
          '^services/src/platform/(http|eventstore|readstore|bus|blobs|runners)/',
          '^services/src/main/',
          '^node_modules/(koa|@koa|better-sqlite3|mongodb|kafkajs|@kurrent|stripe|openai|sharp)',
        ],
      },
    },
    {
      name: 'contexts-do-not-import-main',
      comment: 'main/ composes the contexts; a context that imported it would depend on every other context.',
      severity: 'error',
      from: { path: `^services/src/${CONTEXTS}/`, pathNot: '\\.(test|fixture)\\.ts$' },
      to: { path: '^services/src/main/' },
    },
    {
      name: 'platform-knows-no-context',
      comment:
        'platform/ holds ports, adapters and runners that every context uses; it must not use them back.',
      severity: 'error',
      from: { path: '^services/src/platform/', pathNot: '\\.test\\.ts$' },
      to: { path: `^services/src/(${CONTEXTS.slice(1, -1)}|main)/` },
    },
    {
      name: 'account-is-the-core',
      comment:
        'Every context spends or grants credits through the account; the account depends on none of them.',
      severity: 'error',
      from: { path: `^services/src/${CORE}/` },
      to: { path: `^services/src/${OTHER_CONTEXTS}/` },
    },
    {
      name: 'no-cycles',
      comment:
        'A cycle makes two modules one: neither can be understood, tested or moved alone. Type-only imports count too: they tie the designs together even when the build erases them.',
      severity: 'error',
      from: { path: '^(services|events|kit|shell|mfe-[a-z]+)/' },
      to: { circular: true },
    },
    {
      name: 'events-are-contracts',
      comment: 'events/ is shared by the server and the browser: types, schemas and constants only.',
      severity: 'error',
      from: { path: '^events/' },
      to: { path: ['^(services|kit|shell|mfe-[a-z]+)/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'events-use-no-node',
      comment: 'events/ runs in the browser too.',
      severity: 'error',
      from: { path: '^events/src/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'kit-uses-no-node',
      comment: 'The kit runs in the browser; Node modules would not bundle or would bloat every remote.',
      severity: 'error',
      from: { path: '^kit/src/', pathNot: '\\.(test|stories)\\.tsx?$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'frontends-do-not-import-the-backend',
      comment: 'The browser talks to the server over HTTP only.',
      severity: 'error',
      from: { path: '^(kit|shell|mfe-[a-z]+)/' },
      to: { path: '^services/' },
    },
    {
      name: 'remotes-are-independent',
      comment: 'Each remote deploys alone (docs/frontend.md): what two remotes share belongs in the kit.',
      severity: 'error',
      from: { path: '^mfe-([a-z]+)/' },
      to: { path: '^mfe-', pathNot: '^mfe-$1/' },
    },
    {
      name: 'production-code-imports-no-test-support',
      comment:
        'services/src/testing/ holds the fixtures, specs and contract suites of the tests; the product runs without it.',
      severity: 'error',
      from: {
        path: '^(services|events|kit|shell|mfe-[a-z]+)/src/',
        pathNot: ['\\.test\\.tsx?$', '^services/src/testing/'],
      },
      to: { path: '^services/src/testing/' },
    },
    {
      name: 'shell-imports-no-remote',
      comment:
        'The shell loads remotes at run time from /remotes.json, never at build time (its tests may read the route lists).',
      severity: 'error',
      from: { path: '^shell/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^mfe-' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|storybook-static|node_modules/\\.cache)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
