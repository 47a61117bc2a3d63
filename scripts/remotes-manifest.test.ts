// The remotes are named once, in kit/remotes.json: the kit (REMOTE_NAMES), the builds and
// dev servers (kit/build/federated-app.mjs), the server (services/src/platform/http/frontends.ts)
// and the compose checks read it. The files that cannot read it are checked against it here, so
// a remote added to one and not the other fails `npm test` instead of a deployment.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import REMOTES from '../kit/remotes.json';

const ROOT = path.join(__dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { workspaces: string[]; scripts: Record<string, string> };
/** The product's workspaces; those under scripts/ are the bench's peers, never built or shipped. */
const productWorkspaces = pkg.workspaces.filter((workspace) => !workspace.startsWith('scripts/'));
const remotes = Object.entries(REMOTES);
const folders = remotes.map(([, remote]) => remote.folder);
/** The embedded API's port and the shell's dev server's. */
const TAKEN_PORTS = [3000, 3001];

/** `mfe-*` (an npm script's shell glob, a knip.json workspace key) matches the remotes' folders. */
const globMatches = (glob: string, folder: string) =>
  new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`).test(folder);

describe('the remotes manifest (kit/remotes.json)', () => {
  it('lists every remote folder of the repository (mfe-*), and only those', () => {
    const onDisk = readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('mfe-'))
      .map((entry) => entry.name);
    expect([...folders].sort()).toEqual(onDisk.sort());
  });

  it.each(remotes)('%s is built under its own name (its rspack.config.mjs)', (name, { folder }) => {
    const config = read(`${folder}/rspack.config.mjs`);
    expect(/\bname: '([^']+)'/.exec(config)?.[1]).toBe(name);
  });

  it('gives every remote a dev-server port of its own', () => {
    const ports = remotes.map(([, remote]) => remote.devPort);
    expect(new Set([...ports, ...TAKEN_PORTS]).size).toBe(ports.length + TAKEN_PORTS.length);
  });
});

describe('files that cannot read the manifest agree with it', () => {
  it('package.json: every remote is a workspace', () => {
    expect(pkg.workspaces).toEqual(expect.arrayContaining(folders));
  });

  it("package.json: `npm run boundaries` checks every workspace's sources", () => {
    const cruised = pkg.scripts.boundaries?.split(' ').filter((arg) => arg.endsWith('/src')) ?? [];
    for (const workspace of productWorkspaces)
      expect(cruised.some((glob) => globMatches(glob, `${workspace}/src`))).toBe(true);
  });

  it('knip.json configures every workspace (a remote through `mfe-*` unless it needs its own entry)', () => {
    const configured = Object.keys((JSON.parse(read('knip.json')) as { workspaces: object }).workspaces);
    for (const workspace of productWorkspaces)
      expect(configured.some((key) => globMatches(key, workspace))).toBe(true);
  });

  describe('Dockerfile', () => {
    const lines = read('Dockerfile').split('\n');
    /** The workspaces whose package.json a COPY line brings in (`COPY [--from=build /app/]x/package.json x/`). */
    const copied = (from: string) =>
      lines.flatMap((line) => {
        const copy = new RegExp(`^COPY ${from}(\\S+)/package\\.json \\1/$`).exec(line.trim());
        return copy?.[1] ? [copy[1]] : [];
      });

    it("the build stage installs with every workspace's package.json", () => {
      expect(copied('').sort()).toEqual([...productWorkspaces].sort());
    });

    it("the production dependencies are resolved with every workspace's package.json", () => {
      expect(copied('--from=build /app/').sort()).toEqual([...productWorkspaces].sort());
    });
  });
});
