// Writes `file.br` and `file.gz` beside every emitted text asset at build time, so the server
// sends the smallest encoding the browser accepts without compressing on each request
// (services/src/platform/http/frontends.ts picks the variant by Accept-Encoding).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing; images and fonts are compressed already. */
export const PRECOMPRESSED = /\.(js|mjs|css|json|html|svg|txt)$/i;

export async function precompressFile(path) {
  const source = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: 9 }),
  ]);
  // A variant that is not smaller is useless: the server then sends the file as it is.
  await Promise.all([
    br.length < source.length ? writeFile(`${path}.br`, br) : null,
    gzipped.length < source.length ? writeFile(`${path}.gz`, gzipped) : null,
  ]);
}

export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      if (compiler.options.mode !== 'production') return;
      const out = compilation.outputOptions.path;
      const names = Object.keys(compilation.assets).filter((name) => PRECOMPRESSED.test(name));
      await Promise.all(names.map((name) => precompressFile(join(out, name))));
    });
  }
}
