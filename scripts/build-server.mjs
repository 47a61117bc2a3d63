#!/usr/bin/env node
// `npm run build:server`: the backend compiled to plain JavaScript, one bundle per process, so
// production runs `node services/dist/main/api.js` with no TypeScript loader and no dev dependency
// (and `npm run serve` the embedded runtime the same way, `embedded.js`).
// Prints the size of what the run stage must hold: the compiled output and the node_modules
// closure of the services' production dependencies (target: at most 300 MB); `--quiet` does not.
import {
  copyFileSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVICES = join(ROOT, 'services');
// Mirrors services/src/main: code that finds the repository from its own folder
// (platform/config.ts: WEB_DIST_ROOT's default, three folders up) finds the same folder compiled.
const OUT = join(SERVICES, 'dist', 'main');
const PROCESSES = ['api', 'projector', 'relay', 'worker', 'admin', 'preflight', 'embedded'];
const TARGET_MB = 300;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Every npm dependency stays external: the run stage installs them from the lock file
 * (`npm ci --omit=dev -w @studio/services`), native ones (better-sqlite3, sharp, argon2, the Typst
 * compiler) cannot be bundled, and pino and the engine clients load files of their own at run time.
 * Only the workspace TypeScript (@studio/events and the services) is compiled into the bundles.
 */
function externals() {
  const pkg = readJson(join(SERVICES, 'package.json'));
  const events = readJson(join(ROOT, 'events', 'package.json'));
  return [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(events.dependencies ?? {})];
}

async function buildServer() {
  rmSync(join(SERVICES, 'dist'), { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(
      PROCESSES.map((name) => [name, join(SERVICES, 'src', 'main', `${name}.ts`)]),
    ),
    outdir: OUT,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: externals(),
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The Typst and tracer threads' scripts are started by path (studio/outputs/typst.ts, line-art.ts), not imported.
  for (const script of ['typst-worker.cjs', 'line-art-worker.cjs'])
    copyFileSync(join(SERVICES, 'src', 'studio', 'outputs', script), join(OUT, script));
}

/** Bytes of the files under `dir`, leaving out nested node_modules (those count as packages of their own). */
function folderBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') total += folderBytes(path);
    } else if (entry.isFile()) total += lstatSync(path).size;
  }
  return total;
}

/** Node's resolution of a package name from a folder: the nearest node_modules that has it. */
function packageFolder(name, from) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return realpathSync(dirname(candidate));
    if (dirname(dir) === dir) return null;
  }
}

/**
 * The installed packages the services need at run time: their production dependencies, and
 * theirs in turn (optional and required peer ones when installed), each folder counted once.
 */
function productionClosure() {
  const seen = new Map();
  const visit = (pkgDir, names) => {
    for (const name of names) {
      const dir = packageFolder(name, pkgDir);
      if (!dir || seen.has(dir)) continue;
      const pkg = readJson(join(dir, 'package.json'));
      seen.set(dir, folderBytes(dir));
      const optionalPeers = new Set(
        Object.entries(pkg.peerDependenciesMeta ?? {})
          .filter(([, meta]) => meta?.optional)
          .map(([peer]) => peer),
      );
      visit(dir, [
        ...Object.keys(pkg.dependencies ?? {}),
        ...Object.keys(pkg.optionalDependencies ?? {}),
        ...Object.keys(pkg.peerDependencies ?? {}).filter((peer) => !optionalPeers.has(peer)),
      ]);
    }
  };
  visit(SERVICES, externals());
  const bytes = [...seen.values()].reduce((sum, size) => sum + size, 0);
  return { packages: seen.size, bytes };
}

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  if (process.argv.includes('--quiet')) process.exit(0);
  const compiled = folderBytes(OUT);
  const closure = productionClosure();
  const total = compiled + closure.bytes;
  console.log(`compiled ${PROCESSES.join(', ')} to ${OUT.slice(ROOT.length + 1)}: ${mb(compiled)} MB`);
  console.log(
    `production closure: ${closure.packages} packages, ${mb(closure.bytes)} MB; ` +
      `run stage /app ≈ ${mb(total)} MB (target ≤ ${TARGET_MB} MB)${total > TARGET_MB * 1024 * 1024 ? ' OVER TARGET' : ''}`,
  );
}
