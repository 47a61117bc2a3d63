import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { routeMatches, screenPreloads } from './screen-preloads';

describe('routeMatches (the shell router’s patterns)', () => {
  it.each([
    ['/dashboard', '/dashboard', true],
    ['/dashboard', '/Dashboard/', true],
    ['/dashboard', '/dashboard/x', false],
    ['/kids-book/:bookId', '/kids-book/abc', true],
    ['/kids-book/:bookId', '/kids-book', false],
    ['/checkout/:planId?', '/checkout', true],
    ['/checkout/:planId?', '/checkout/pro', true],
    ['/checkout/:planId?', '/checkout/pro/extra', false],
    ['/docs/*', '/docs/a/b', true],
    ['/', '/', true],
    ['/', '/pricing', false],
  ])('%s against %s → %s', (pattern, path, expected) => {
    expect(routeMatches(pattern, path)).toBe(expected);
  });
});

describe('screenPreloads', () => {
  let root: string;
  const write = (path: string, content: unknown) => {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, JSON.stringify(content));
  };
  const FOLDERS = { account: 'mfe-account', gallery: 'mfe-gallery' };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'preloads-'));
    write('mfe-account/dist/routes.json', {
      routes: [
        { path: '/dashboard', screen: 'Dashboard', access: 'signed-in' },
        { path: '/pricing', screen: 'Pricing', access: 'public' },
      ],
      screenChunks: { Dashboard: ['9.js', 'screen-Dashboard.1a.js'] },
    });
    write('mfe-account/dist/mf-manifest.json', {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'screens', assets: { js: { sync: ['__federation_expose_screens.2b.js'] } } }],
    });
    write('mfe-gallery/dist/routes.json', { routes: [{ path: '/my-books', screen: 'MyBooks' }] });
    write('mfe-gallery/dist/mf-manifest.json', { metaData: { remoteEntry: { name: 'remoteEntry.js' } } });
    write('shell/dist/layout-chunks.json', ['layout.3c.js']);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

  it("preloads the owning remote's manifest, entry, screens module and the screen's chunks", async () => {
    const preloads = screenPreloads(root, FOLDERS, new Set());
    expect(hrefs(await preloads('/dashboard'))).toEqual([
      '/remotes/account/mf-manifest.json',
      '/layout.3c.js', // the signed-in layout the screen is drawn in
      '/remotes/account/remoteEntry.js',
      '/remotes/account/__federation_expose_screens.2b.js',
      '/remotes/account/9.js',
      '/remotes/account/screen-Dashboard.1a.js',
    ]);
    expect(hrefs(await preloads('/pricing'))).not.toContain('/layout.3c.js');
    expect(hrefs(await preloads('/my-books'))).toEqual([
      '/remotes/gallery/mf-manifest.json',
      '/remotes/gallery/remoteEntry.js',
    ]);
  });

  it('hints nothing for an unknown path, or for a remote served from elsewhere', async () => {
    expect(await screenPreloads(root, FOLDERS, new Set())('/no-such-page')).toBe('');
    expect(await screenPreloads(root, FOLDERS, new Set(['account']))('/dashboard')).toBe('');
  });
});
