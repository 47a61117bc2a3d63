// Runs a bench group as production runs the server: compiled to plain JavaScript by esbuild (as
// `npm run build:server` does) and started by `node`, not through the TypeScript loader the bench
// itself runs in. The loader keeps every function's name by wrapping each closure a request makes,
// which measured a third more CPU per request on the QR redirect than the compiled server.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import type { BenchRow } from './table';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
/** Under services/ so that the packages resolve as the services' own (their node_modules first). */
const OUT_DIR = path.join(ROOT, 'services', 'dist', 'bench');

/**
 * The rows of `exported` from the bench module `module` (a file of this folder), measured in a
 * child `node` process running it compiled. Only the workspace's TypeScript is compiled in; every
 * npm package stays external, as in the server's build.
 */
export async function measureCompiled(module: string, exported: string): Promise<BenchRow[]> {
  const outfile = path.join(OUT_DIR, `${module}.cjs`);
  await build({
    stdin: {
      contents: `import { ${exported} } from './${module}';
import { writeFileSync } from 'node:fs';
${exported}().then((rows) => { writeFileSync(process.argv[2], JSON.stringify(rows)); process.exit(0); },
  (error) => { console.error(error); process.exit(1); });`,
      resolveDir: __dirname,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
    // The bundle is one module: a file's own "am I the entry" check would see itself run as the
    // entry and start its command (embedded.ts would start a second server).
    define: { 'require.main': 'undefined' },
    plugins: [
      {
        name: 'npm-packages-external',
        setup(compiler) {
          compiler.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@studio/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // The rows come back in a file: the server may write to stdout meanwhile.
  const rowsFile = `${outfile}.json`;
  await run(process.execPath, [outfile, rowsFile], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(readFileSync(rowsFile, 'utf8')) as BenchRow[];
}
