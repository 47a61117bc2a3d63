// Reads a remote's mf-manifest.json and works out its remoteEntry.js URL. The shell does this
// itself (instead of the runtime's snapshot plugin, left out to keep the initial bundle small).

export interface RemoteEntry {
  name: string;
  entry: string;
  entryGlobalName: string;
  type: 'global';
}

interface ManifestMetaData {
  name?: string;
  globalName?: string;
  publicPath?: string;
  getPublicPath?: string;
  remoteEntry?: { name?: string; path?: string; type?: string };
}

/** Resolves the entry against the manifest: publicPath 'auto' means "next to the manifest". */
export function remoteEntryFromManifest(
  manifestUrl: string,
  manifest: { metaData?: ManifestMetaData },
): RemoteEntry {
  const meta = manifest.metaData;
  const file = meta?.remoteEntry?.name;
  if (!meta?.name || !file) throw new Error(`${manifestUrl} is not a Module Federation manifest`);
  const base =
    !meta.publicPath || meta.publicPath === 'auto' ? manifestUrl : new URL(meta.publicPath, manifestUrl).href;
  const folder = meta.remoteEntry?.path ? `${meta.remoteEntry.path.replace(/\/?$/, '/')}` : '';
  return {
    name: meta.name,
    entry: new URL(`${folder}${file}`, base).href,
    entryGlobalName: meta.globalName ?? meta.name,
    type: 'global',
  };
}

export async function fetchRemoteEntry(manifestUrl: string): Promise<RemoteEntry> {
  // No `cache` option: the server has it revalidated (no-cache), and a plain fetch picks up the
  // copy the page preloads for the screen it serves (services/src/platform/http/screen-preloads.ts).
  const res = await fetch(manifestUrl, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${manifestUrl} answered ${res.status}`);
  return remoteEntryFromManifest(manifestUrl, await res.json());
}
