import { REMOTE_SCREENS } from '@studio/kit';
import { REDIRECTS, ROUTES } from './route-table';

describe('route table', () => {
  it('owns every path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('uses every screen of every remote exactly once', () => {
    for (const [remote, screens] of Object.entries(REMOTE_SCREENS)) {
      const used = ROUTES.filter((r) => r.remote === remote).map((r) => r.screen);
      expect([...used].sort()).toEqual([...screens].sort());
    }
  });

  it('keeps the public routes of spec 01 §2.1 public and everything else signed-in', () => {
    const publicPaths = ROUTES.filter((r) => r.access === 'public').map((r) => r.path);
    expect(publicPaths.sort()).toEqual(
      [
        '/',
        '/auth',
        '/pricing',
        '/checkout/:planId?',
        '/subscription-success',
        '/help',
        '/help-support-page',
        '/qr-landing/:id',
      ].sort(),
    );
  });

  it('assigns routes to the remotes listed in the issue', () => {
    const byRemote = (remote: string) => ROUTES.filter((r) => r.remote === remote).map((r) => r.path);
    expect(byRemote('gallery')).toEqual(['/my-books', '/my-listings', '/my-images', '/kids-book/:bookId']);
    expect(byRemote('qr').sort()).toEqual(['/qr-codes', '/qr-codes/:id', '/qr-landing/:id']);
    expect(byRemote('studio')).toHaveLength(8);
  });

  it('redirects the two unrouted links', () => {
    expect(REDIRECTS).toEqual([
      { from: '/create-book', to: '/non-fiction-gen2' },
      { from: '/image-generator', to: '/image-generator-v2' },
    ]);
  });
});
