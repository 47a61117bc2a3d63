import { REMOTE_NAMES, type RemoteName, type RemoteRoute } from '@studio/kit';
import REMOTES from '../../../kit/remotes.json';
import { routes as studioRoutes } from '../../../mfe-studio/src/routes';
import { REDIRECTS } from './redirects';
import { type AppRoute, mergeRouteLists, routesOf } from './route-table';

/** Each remote's src/routes.ts (kit/remotes.json names the remotes and their folders). */
const lists = Object.entries(REMOTES).map(([remote, { folder }]) => ({
  remote: remote as RemoteName,
  routes: (require(`../../../${folder}/src/routes`) as { routes: readonly RemoteRoute[] }).routes,
}));

/** Every remote's list as the shell reads it from its routes.json. */
const published = () =>
  Object.fromEntries(
    lists.map((list) => [list.remote, routesOf(list.remote, JSON.parse(JSON.stringify(list)))]),
  );

const route = (remote: AppRoute['remote'], path: string): AppRoute => ({
  remote,
  path,
  screen: 'S',
  access: 'signed-in',
});

describe('the merged route table of the remotes', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  afterAll(() => warn.mockRestore());

  it('owns every path once, with no remote unknown', () => {
    const table = mergeRouteLists(published());
    expect(table.unknown).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    const paths = table.routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    // Every route of every remote's list, so a new tool or screen needs no edit here.
    expect(paths).toHaveLength(lists.reduce((sum, list) => sum + list.routes.length, 0));
  });

  it('keeps the public routes of docs/product/accounts-billing-admin.md (Screens and routes: Route table) public and everything else behind sign-in', () => {
    const { routes } = mergeRouteLists(published());
    const withAccess = (...access: string[]) =>
      routes
        .filter((r) => access.includes(r.access))
        .map((r) => r.path)
        .sort();
    expect(withAccess('public', 'any')).toEqual(
      [
        '/',
        '/auth',
        '/pricing',
        '/forgot-password',
        '/reset-password',
        '/verify-email',
        '/checkout/:planId?',
        '/subscription-success',
        '/help',
        '/help-support-page',
        '/refund-policy',
        '/qr-landing/:id',
      ].sort(),
    );
    // Help and the refund policy are read by anyone, inside the app's layout when signed in.
    expect(withAccess('any')).toEqual(['/help', '/help-support-page', '/refund-policy', '/verify-email']);
    expect(routes.filter((r) => r.access === 'admin').map((r) => r.path)).toEqual(['/admin-tools']);
  });

  it('assigns routes to the remotes that own them (docs/frontend.md)', () => {
    const { routes } = mergeRouteLists(published());
    const byRemote = (remote: string) => routes.filter((r) => r.remote === remote).map((r) => r.path);
    expect(byRemote('gallery')).toEqual([
      '/my-books',
      '/my-listings',
      '/my-images',
      '/kids-book/:bookId',
      '/my-books/:bookId/edit',
      '/my-books/:bookId/versions',
    ]);
    expect(byRemote('qr').sort()).toEqual([
      '/qr-codes',
      '/qr-codes/:id',
      '/qr-codes/:id/edit',
      '/qr-codes/bulk',
      '/qr-codes/new',
      '/qr-landing/:id',
    ]);
    expect(byRemote('studio')).toEqual(studioRoutes.map((r) => r.path));
    expect(byRemote('account')).toHaveLength(18);
  });
});

describe('mergeRouteLists', () => {
  it('reports a remote without a list as unknown and keeps the others', () => {
    const table = mergeRouteLists({ account: [route('account', '/a')], qr: [route('qr', '/q')] });
    // Every other remote, in REMOTE_NAMES order.
    expect(table.unknown).toEqual(REMOTE_NAMES.filter((name) => name !== 'account' && name !== 'qr'));
    expect(table.routes.map((r) => r.path)).toEqual(['/a', '/q']);
  });

  it('gives a path claimed twice to the first remote and says so', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const table = mergeRouteLists({
      account: [route('account', '/x')],
      studio: [route('studio', '/x'), route('studio', '/y')],
      gallery: [],
      qr: [],
    });
    expect(table.routes.map((r) => `${r.remote}${r.path}`)).toEqual(['account/x', 'studio/y']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/x is claimed by "account" and "studio"'));
    warn.mockRestore();
  });
});

describe('routesOf', () => {
  it('tags each route with its remote and leaves out entries the shell cannot use', () => {
    const routes = routesOf('gallery', {
      routes: [
        { path: '/ok', screen: 'Ok', access: 'signed-in' },
        { path: 'no-slash', screen: 'A', access: 'public' },
        { path: '/b', screen: 7, access: 'public' },
        { path: '/c', screen: 'C', access: 'everyone' },
        null,
      ],
    });
    expect(routes).toEqual([{ path: '/ok', screen: 'Ok', access: 'signed-in', remote: 'gallery' }]);
  });

  it('refuses a document without routes', () => {
    expect(() => routesOf('qr', { not: 'a route list' })).toThrow('The route list of "qr" has no routes');
  });
});

describe('redirects', () => {
  it('sends the two unrouted links to the current tools', () => {
    expect(REDIRECTS).toEqual([
      { from: '/create-book', to: '/non-fiction-gen2' },
      { from: '/image-generator', to: '/image-generator-v2' },
    ]);
  });
});
