// Which remote draws a page, known on the server: each remote's routes.json (what its build
// publishes for the shell) names its paths. The shell's page then preloads that remote's
// remoteEntry.js and the chunk of its './screens' module, which the browser would otherwise
// discover one after the other once the shell has started (two round trips on a phone), and the
// chunks of the screen itself (`screenChunks`, written by kit/build/route-list-plugin.mjs); for a
// signed-in page, also the shell's layout chunk (shell/dist/layout-chunks.json), which the screen
// renders inside.
// Only remotes served from this process's dists: one moved elsewhere (REMOTE_URLS) is not read.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

interface RouteEntry {
  path: string;
  screen: string;
  access?: string;
}

/** Pages drawn inside the signed-in layout (an 'any' page is, only for a member: not hinted). */
const IN_LAYOUT = new Set(['signed-in', 'admin']);

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

const SCREENS_EXPOSE = 'screens';

/**
 * Whether a route pattern of the shell's router (`/kids-book/:bookId`, `/checkout/:planId?`,
 * `/docs/*`) matches a URL path; case-insensitive, trailing slash ignored, as react-router does.
 */
export function routeMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = path.toLowerCase().split('/').filter(Boolean);
  let i = 0;
  for (const segment of want) {
    if (segment === '*') return true;
    const part = have[i];
    if (segment.startsWith(':')) {
      if (part === undefined) return segment.endsWith('?');
      i += 1;
      continue;
    }
    if (part !== segment.toLowerCase()) return false;
    i += 1;
  }
  return i === have.length;
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null; // not built: no hint, the shell finds its way as before
  }
}

/** A remote's routes and the files its screens need first, read once per process (dists are immutable per deploy). */
interface RemoteFiles {
  routes: RouteEntry[];
  manifest: string;
  /** remoteEntry.js and the './screens' chunk: every screen of the remote needs them. */
  entry: string[];
  screens: Record<string, string[]>;
}

export function screenPreloads(
  root: string,
  remoteFolders: Readonly<Record<string, string>>,
  movedElsewhere: ReadonlySet<string>,
  /** shellLayout false: the shell's files are served elsewhere (SHELL_URL), so none is hinted. */
  { shellLayout = true }: { shellLayout?: boolean } = {},
): (path: string) => Promise<string> {
  const cache = new Map<string, Promise<RemoteFiles>>();
  let layout: Promise<string[]> | undefined;
  const layoutFiles = async () => {
    layout ??= readJson<string[]>(join(root, 'shell', 'dist', 'layout-chunks.json')).then((files) =>
      Array.isArray(files) ? files.map((file) => `/${file.replace(/^\/+/, '')}`) : [],
    );
    const files = await layout;
    if (files.length === 0) layout = undefined; // not built yet: look again next time
    return files;
  };
  const load = async (remote: string, folder: string): Promise<RemoteFiles> => {
    const dist = join(root, folder, 'dist');
    const [list, manifest] = await Promise.all([
      readJson<{ routes?: RouteEntry[]; screenChunks?: Record<string, string[]> }>(join(dist, 'routes.json')),
      readJson<Manifest>(join(dist, 'mf-manifest.json')),
    ]);
    const url = (file: string) => `/remotes/${remote}/${file.replace(/^\/+/, '')}`;
    const entry = manifest?.metaData?.remoteEntry;
    const exposed = manifest?.exposes?.find((e) => e.name === SCREENS_EXPOSE)?.assets?.js?.sync ?? [];
    return {
      routes: (list?.routes ?? []).filter((r) => typeof r.path === 'string'),
      manifest: url('mf-manifest.json'),
      entry: entry?.name ? [`${entry.path ?? ''}${entry.name}`, ...exposed].map(url) : [],
      screens: Object.fromEntries(
        Object.entries(list?.screenChunks ?? {}).map(([screen, files]) => [screen, files.map(url)]),
      ),
    };
  };
  const remotes = Object.entries(remoteFolders).filter(([remote]) => !movedElsewhere.has(remote));

  return async (path) => {
    for (const [remote, folder] of remotes) {
      let files = cache.get(remote);
      if (!files) {
        files = load(remote, folder);
        cache.set(remote, files);
      }
      const { routes, manifest, entry, screens } = await files;
      if (routes.length === 0) cache.delete(remote); // not built yet: look again next time
      const route = routes.find((r) => routeMatches(r.path, path));
      if (route)
        // The manifest as the shell fetches it (same-origin CORS mode), the scripts as the
        // federation runtime adds them (plain <script>), or the browser would fetch twice.
        return [
          `<link rel="preload" href="${manifest}" as="fetch" crossorigin="anonymous">`,
          ...[
            ...(shellLayout && IN_LAYOUT.has(route.access ?? '') ? await layoutFiles() : []),
            ...entry,
            ...(screens[route.screen] ?? []),
          ].map((url) => `<link rel="preload" href="${url}" as="script">`),
        ].join('');
    }
    return '';
  };
}
