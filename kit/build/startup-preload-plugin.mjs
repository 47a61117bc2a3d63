// The shell's index.ts only loads main.js; the chunks it needs next (the async bootstrap and the
// shared libraries it provides: React, the router, Emotion, React Query, the kit core) were found
// only once main.js had run — a whole round trip late on a phone network. This plugin lists them
// in index.html as <link rel="preload" as="script">, so they download alongside main.js. main.js
// is listed first: as a deferred <script> at the end of the body it would be fetched at low
// priority, after every preload, though nothing runs without it.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Shared entries loaded on demand, not at start (see kit/src/widgets.ts, overlays.ts). */
export const ON_DEMAND = /\/kit\/src\/(widgets|overlays)\.ts/;

function startupFiles(compilation) {
  const files = new Set();
  for (const group of compilation.chunkGroups) {
    const origins = group.origins ?? [];
    const bootstrap = origins.some((o) => o.request === './bootstrap');
    const provided = origins.some((o) => {
      const id = o.module?.identifier?.() ?? '';
      return id.startsWith('provide shared module') && !ON_DEMAND.test(id);
    });
    if (bootstrap || provided) for (const file of group.getFiles()) if (file.endsWith('.js')) files.add(file);
  }
  const entry =
    compilation.entrypoints
      .get('main')
      ?.getFiles()
      .filter((file) => file.endsWith('.js')) ?? [];
  return [...entry, ...[...files].filter((file) => !entry.includes(file)).sort()];
}

/** The signed-in layout's chunk group ("layout" in shell/src/routes/AppRoutes.tsx), for the server. */
const LAYOUT_CHUNKS_FILE = 'layout-chunks.json';

export class StartupPreloadPlugin {
  /** @param {{ publicPath?: string }} options the page's address of the shell's files (the build's own is 'auto') */
  constructor({ publicPath = '/' } = {}) {
    this.publicPath = publicPath;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupPreloadPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the content hashes are final: these are the names served.
        { name: 'StartupPreloadPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const layout = compilation.namedChunkGroups.get('layout');
          if (!layout) return; // the federation's own sub-builds
          const files = layout.getFiles().filter((file) => file.endsWith('.js'));
          compilation.emitAsset(
            LAYOUT_CHUNKS_FILE,
            new compiler.webpack.sources.RawSource(JSON.stringify(files)),
          );
        },
      );
    });
    compiler.hooks.afterEmit.tapPromise('StartupPreloadPlugin', async (compilation) => {
      // Also skips the federation's own sub-builds (shared tree-shaking), which write no page.
      if (compiler.options.mode !== 'production' || !compilation.assets['index.html']) return;
      const publicPath = this.publicPath;
      const page = join(compilation.outputOptions.path, 'index.html');
      const html = await readFile(page, 'utf8');
      const links = startupFiles(compilation)
        .map((file) => `<link rel="preload" as="script" href="${publicPath}${file}">`)
        .join('');
      await writeFile(page, html.replace('</head>', `${links}</head>`));
    });
  }
}
