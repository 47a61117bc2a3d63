// Publishes route lists as JSON assets (kit/src/federation/route-list.ts): a remote emits its own
// src/routes.ts as routes.json beside mf-manifest.json; the shell emits routes-fallback.json, a
// snapshot of all four, fetched only when a remote's routes.json cannot be (its nav entries stay
// visible and its paths show the Retry card instead of a 404).
// A remote's routes.json also names the chunks of each screen (`screenChunks`: the chunk group a
// screens.tsx import names "screen-{Screen}"), so the server's page can preload them for the URL it
// serves (services/src/platform/http/screen-preloads.ts). The shell ignores that field.
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { tsImport } from 'tsx/esm/api';

const ACCESS = new Set(['public', 'any', 'signed-in', 'admin']);

/** Reads a remote's typed routes.ts (type imports only) and checks what the shell relies on. */
export async function readRouteList(remote, source) {
  // The query makes a watch rebuild read the edited file, not the module cache.
  const url = `${pathToFileURL(source).href}?build=${Date.now()}`;
  const { routes } = await tsImport(url, import.meta.url);
  if (!Array.isArray(routes)) throw new Error(`${source} must export a 'routes' array`);
  const paths = new Set();
  for (const route of routes) {
    if (typeof route?.path !== 'string' || !route.path.startsWith('/'))
      throw new Error(`${source}: bad path ${JSON.stringify(route?.path)}`);
    if (typeof route.screen !== 'string' || !ACCESS.has(route.access))
      throw new Error(`${source}: ${route.path} needs a screen and an access of ${[...ACCESS].join(', ')}`);
    if (paths.has(route.path)) throw new Error(`${source}: ${route.path} is listed twice`);
    paths.add(route.path);
  }
  return { remote, routes };
}

export class RouteListPlugin {
  /**
   * @param {{ fileName: string, lists: Record<string, string>, single?: boolean }} options
   * lists: remote name → path of its routes.ts. single: emit that one list, not a map of lists.
   */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { fileName, lists, single } = this.options;
    compiler.hooks.thisCompilation.tap('RouteListPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After the content hashes are final: the chunk names written here are the ones served.
        { name: 'RouteListPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const read = await Promise.all(
            Object.entries(lists).map(async ([remote, source]) => {
              compilation.fileDependencies.add(source);
              return [remote, await readRouteList(remote, source)];
            }),
          );
          const content = single
            ? { ...read[0][1], screenChunks: screenChunks(compilation, read[0][1].routes) }
            : Object.fromEntries(read);
          compilation.emitAsset(fileName, new rspack.sources.RawSource(JSON.stringify(content)));
        },
      );
    });
  }
}

/**
 * The kit's on-demand entries (widgets, overlays) are not in the shell's first load, so the first
 * screen that needs one runs this remote's own copy: its chunks belong with the screen's.
 */
const ON_DEMAND_FALLBACK = /^consume shared module .*@studio\/kit\/(widgets|overlays)@/;

function filesOf(group, into = new Set()) {
  for (const file of group.getFiles()) if (file.endsWith('.js')) into.add(file);
  for (const child of group.childrenIterable) {
    const origin = child.origins?.[0]?.module?.identifier?.() ?? '';
    if (ON_DEMAND_FALLBACK.test(origin)) filesOf(child, into);
  }
  return into;
}

/** Screen → the JavaScript files of its "screen-{Screen}" chunk group, for the screens that have one. */
function screenChunks(compilation, routes) {
  const chunks = {};
  for (const { screen } of routes) {
    const group = compilation.namedChunkGroups.get(`screen-${screen}`);
    if (group && !chunks[screen]) chunks[screen] = [...filesOf(group)];
  }
  return chunks;
}
