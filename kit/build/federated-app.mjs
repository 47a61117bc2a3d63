// One Rspack + Module Federation 2 configuration for the shell (host) and the four remotes,
// so every front end shares exactly the same singletons and build rules (docs/frontend.md).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { PrecompressPlugin } from './precompress-plugin.mjs';
import { RouteListPlugin } from './route-list-plugin.mjs';
import { StartupPreloadPlugin } from './startup-preload-plugin.mjs';

const require = createRequire(import.meta.url);

/** Where the shell's page addresses its files from (its scripts load the rest from there). */
const SHELL_HTML_PUBLIC_PATH = '/';

/** The remotes: name → { folder, devPort } (kit/remotes.json, read by everything that lists them). */
const REMOTES = JSON.parse(readFileSync(new URL('../remotes.json', import.meta.url), 'utf8'));

/** Dev-server ports: the shell's, then each remote's from the manifest; the embedded API listens on 3000. */
export const DEV_PORTS = {
  shell: 3001,
  ...Object.fromEntries(Object.entries(REMOTES).map(([name, remote]) => [name, remote.devPort])),
};

/**
 * react-router-dom is shared tree-shaken to this API (declarative mode), ~16 KB instead of ~60 KB.
 * Every import from it must be listed in router-api.json (kit/src/federation/router-api.test.ts
 * checks), or a consumer would need a second, full copy of the router.
 */
const ROUTER_API = JSON.parse(readFileSync(new URL('./router-api.json', import.meta.url), 'utf8'));

/** A singleton already loaded (the shell's, at start) wins over a higher version a remote brings. */
export const SHARE_STRATEGY = 'loaded-first';

/** The kit's own version (kit/package.json): what the shell provides and what a remote was built against. */
const KIT_VERSION = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/**
 * Shared singletons. Libraries: `requiredVersion` from the app's package.json, a mismatch only
 * warns (one lock file pins them; a patch of skew must not take a remote down).
 * The kit: provided at its own version and required at `^` that version, strictly, so a remote
 * built against a newer kit than the deployed shell provides refuses to load (the Retry card and
 * a console error naming both versions) instead of failing on a missing export. It must stay a
 * singleton: it holds the auth context, the toast store and the generation stream.
 * `react-dom/` (trailing slash) shares every subpath, so `react-dom/client` is not duplicated;
 * `@emotion/react/` does the same for `@emotion/react/jsx-runtime`, which every compiled file
 * imports (jsxImportSource) and which holds emotion's theme and cache contexts.
 */
export function sharedSingletons(pkg, kitVersion = KIT_VERSION) {
  const deps = pkg.dependencies ?? {};
  const single = (dep) => ({ singleton: true, requiredVersion: deps[dep], strictVersion: false });
  const kit = {
    singleton: true,
    version: kitVersion,
    requiredVersion: `^${kitVersion}`,
    strictVersion: true,
  };
  return {
    react: single('react'),
    'react/': single('react'),
    'react-dom': single('react-dom'),
    'react-dom/': single('react-dom'),
    'react-router-dom': {
      ...single('react-router-dom'),
      treeShaking: { mode: 'runtime-infer', usedExports: ROUTER_API },
    },
    '@tanstack/react-query': single('@tanstack/react-query'),
    '@tanstack/query-core': single('@tanstack/query-core'),
    '@emotion/react': single('@emotion/react'),
    '@emotion/react/': single('@emotion/react'),
    '@emotion/cache': single('@emotion/cache'),
    '@studio/kit': kit,
    // Entries of kit loaded on demand (not in the shell's first load).
    '@studio/kit/widgets': kit,
    '@studio/kit/overlays': kit,
    '@studio/kit/live': kit,
  };
}

/**
 * A remote publishes src/routes.ts as routes.json beside its manifest; the shell keeps a snapshot
 * of all of them (routes-fallback.json) for when a remote's own file cannot be fetched.
 */
function routeListPlugin(dir, name, isHost) {
  if (!isHost) {
    return new RouteListPlugin({
      fileName: 'routes.json',
      lists: { [name]: join(dir, 'src/routes.ts') },
      single: true,
    });
  }
  const lists = Object.fromEntries(
    Object.entries(REMOTES).map(([remote, { folder }]) => [remote, join(dir, '..', folder, 'src/routes.ts')]),
  );
  return new RouteListPlugin({ fileName: 'routes-fallback.json', lists });
}

/**
 * @param {{ dir: string, name: keyof typeof DEV_PORTS, exposes?: Record<string, string> }} app
 * `exposes` absent means host (the shell).
 */
export function federatedApp({ dir, name, exposes }) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const isHost = !exposes;
  // A remote missing from the manifest would build, but no shell, server or deployment would know it.
  if (!isHost && REMOTES[name]?.folder !== basename(dir))
    throw new Error(
      `remote '${name}' (${basename(dir)}/) is not in kit/remotes.json under that name and folder`,
    );

  return (_env, argv) => {
    const dev = argv.mode === 'development';
    const hashed = dev ? '[name].js' : '[name].[contenthash:8].js';
    /** @type {import('@rspack/core').Configuration} */
    const config = {
      mode: dev ? 'development' : 'production',
      context: dir,
      // The remotes need no page of their own: their entry is the federation container.
      entry: isHost ? { main: './src/index.ts' } : {},
      devtool: dev ? 'cheap-module-source-map' : false,
      output: {
        path: join(dir, 'dist'),
        // 'auto': chunks load from wherever remoteEntry.js (or the shell's main.js) was fetched,
        // so a remote, or the shell's files (SHELL_URL), can move to another origin without a
        // rebuild. The shell's page names its scripts from '/' (SHELL_HTML_PUBLIC_PATH: deep links
        // need absolute URLs), which the server points at the shell's origin when it has one.
        publicPath: 'auto',
        filename: hashed,
        chunkFilename: hashed,
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.jsx', '.mjs', '.js', '.json'],
        // react-router's package exports only name its development build; production has no dev checks
        // and no server-only cookie code.
        alias: dev ? {} : reactRouterProduction(),
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            type: 'javascript/auto',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: {
                  react: { runtime: 'automatic', importSource: '@emotion/react', development: dev },
                },
              },
              env: { targets: ['chrome >= 109', 'firefox >= 115', 'safari >= 15.4', 'edge >= 109'] },
            },
          },
        ],
      },
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // Federation decides the shared chunks; a runtime chunk per app would break remotes.
        runtimeChunk: false,
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
          shared: sharedSingletons(pkg),
          shareStrategy: SHARE_STRATEGY,
          // Retrying a remote that did not load is a runtime plugin of the host (the remotes are
          // only ever loaded by it): src/federation/retry-plugin.ts.
          ...(isHost ? { runtimePlugins: [join(dir, 'src/federation/retry-plugin.ts')] } : {}),
          manifest: true,
          // Types cross the boundary through kit/src/remote-contract.ts; no network-bound dts.
          dts: false,
          experiments: {
            // One federation runtime for the whole app: the shell provides it, remotes borrow it,
            // so each remoteEntry.js stays a few KB (remotes are only ever loaded by the shell).
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
            optimization: {
              target: 'web',
              // The shell reads mf-manifest.json itself (src/federation/remote-registry.ts) and registers
              // each remoteEntry.js, so the runtime's snapshot/manifest machinery is left out (~10 KB).
              disableSnapshot: isHost,
            },
          },
          dev: dev
            ? { disableLiveReload: true, disableHotTypesReload: true, disableDynamicRemoteTypeHints: true }
            : false,
        }),
        routeListPlugin(dir, name, isHost),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production'),
          // The early-access promotion's end (kit/src/plans/plans.ts), set at build time.
          'process.env.PRICE_DOUBLING_AT': JSON.stringify(process.env.PRICE_DOUBLING_AT ?? ''),
        }),
        // The app's icon (shell/favicon.svg) is emitted beside index.html and linked from it.
        ...(isHost
          ? [
              new rspack.HtmlRspackPlugin({
                template: './index.html',
                inject: 'body',
                favicon: './favicon.svg',
                publicPath: SHELL_HTML_PUBLIC_PATH,
              }),
            ]
          : []),
        // The shell's start-up chunks are fetched with index.html, not discovered one step later.
        ...(isHost ? [new StartupPreloadPlugin({ publicPath: SHELL_HTML_PUBLIC_PATH })] : []),
        // Brotli and gzip variants of every text asset (production only).
        new PrecompressPlugin(),
      ],
      devServer: {
        port: DEV_PORTS[name],
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        historyApiFallback: isHost,
        ...(isHost ? hostDevServer() : {}),
      },
    };
    return config;
  };
}

function reactRouterProduction() {
  const dist = join(dirname(require.resolve('react-router/package.json')), 'dist/production');
  const serverOnly = new URL('./server-only-stub.mjs', import.meta.url).pathname;
  return {
    'react-router$': join(dist, 'index.mjs'),
    'react-router/dom$': join(dist, 'dom-export.mjs'),
    cookie$: serverOnly,
    'set-cookie-parser$': serverOnly,
  };
}

/** In dev the shell proxies the API and points /remotes.json at the remotes' dev servers. */
function hostDevServer() {
  return {
    proxy: [{ context: ['/api'], target: 'http://localhost:3000' }],
    setupMiddlewares(middlewares) {
      middlewares.unshift({
        name: 'remotes-json',
        path: '/remotes.json',
        middleware(_req, res) {
          const remotes = Object.fromEntries(
            Object.entries(REMOTES).map(([name, { devPort }]) => [
              name,
              `http://localhost:${devPort}/mf-manifest.json`,
            ]),
          );
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify(remotes));
        },
      });
      return middlewares;
    },
  };
}
