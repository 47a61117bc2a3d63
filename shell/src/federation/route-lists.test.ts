// The start-up read of the remotes' route lists, against a stubbed network.
type Answer = { status: number; body?: unknown } | 'down';

const APP = 'http://app.test/';
const list = (remote: string, path: string) => ({
  remote,
  routes: [{ path, screen: 'S', access: 'signed-in' }],
});

let answers: Record<string, Answer>;
let requested: string[];

beforeEach(() => {
  jest.resetModules();
  requested = [];
  answers = {
    [`${APP}remotes.json`]: {
      status: 200,
      body: {
        account: '/remotes/account/mf-manifest.json',
        studio: '/remotes/studio/mf-manifest.json',
        gallery: '/remotes/gallery/mf-manifest.json',
        // A remote moved to another origin: its routes.json sits beside its manifest there.
        qr: 'https://qr.example/v2/mf-manifest.json',
      },
    },
    [`${APP}remotes/account/routes.json`]: { status: 200, body: list('account', '/dashboard') },
    [`${APP}remotes/studio/routes.json`]: { status: 200, body: list('studio', '/image-editor') },
    [`${APP}remotes/gallery/routes.json`]: { status: 200, body: list('gallery', '/my-books') },
    'https://qr.example/v2/routes.json': { status: 200, body: list('qr', '/qr-codes') },
    [`${APP}routes-fallback.json`]: {
      status: 200,
      body: { gallery: list('gallery', '/my-images'), studio: list('studio', '/old-tool') },
    },
  };
  Object.assign(globalThis, { window: { location: { href: APP } } });
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), APP).href;
    requested.push(url);
    const answer = answers[url] ?? { status: 404 };
    if (answer === 'down') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status });
  }) as typeof fetch;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const routeLists = () => import('./route-lists');
const paths = (table: { routes: readonly { remote: string; path: string }[] }) =>
  table.routes.map((r) => `${r.remote}${r.path}`);

describe('loadRouteTable', () => {
  it("reads each remote's routes.json beside its manifest, wherever that is", async () => {
    const table = await (await routeLists()).loadRouteTable();
    expect(paths(table)).toEqual([
      'account/dashboard',
      'studio/image-editor',
      'gallery/my-books',
      'qr/qr-codes',
    ]);
    expect(table.unknown).toEqual([]);
    expect(requested).not.toContain(`${APP}routes-fallback.json`);
  });

  it('ignores a remote /remotes.json names that the shell was not built with', async () => {
    const listing = answers[`${APP}remotes.json`] as { status: number; body: Record<string, string> };
    listing.body.extra = '/remotes/extra/mf-manifest.json';
    answers[`${APP}remotes/extra/routes.json`] = { status: 200, body: list('extra', '/extra') };
    const table = await (await routeLists()).loadRouteTable();
    expect(paths(table)).not.toContain('extra/extra');
    expect(requested).not.toContain(`${APP}remotes/extra/routes.json`);
  });

  it("uses the shell's snapshot for a remote that is down, and only for that one", async () => {
    answers[`${APP}remotes/gallery/routes.json`] = 'down';
    const table = await (await routeLists()).loadRouteTable();
    expect(paths(table)).toEqual([
      'account/dashboard',
      'studio/image-editor',
      'gallery/my-images',
      'qr/qr-codes',
    ]);
    expect(table.unknown).toEqual([]);
  });

  it('fetches the snapshot once however many remotes are down', async () => {
    answers[`${APP}remotes/gallery/routes.json`] = { status: 500 };
    answers[`${APP}remotes/studio/routes.json`] = 'down';
    const table = await (await routeLists()).loadRouteTable();
    expect(paths(table)).toContain('studio/old-tool');
    expect(requested.filter((url) => url.endsWith('routes-fallback.json'))).toHaveLength(1);
  });

  it('marks a remote unknown when neither its list nor the snapshot has its routes', async () => {
    answers['https://qr.example/v2/routes.json'] = 'down';
    const table = await (await routeLists()).loadRouteTable();
    expect(table.unknown).toEqual(['qr']);
    expect(paths(table)).toEqual(['account/dashboard', 'studio/image-editor', 'gallery/my-books']);
  });

  it('falls back for every remote when /remotes.json itself fails', async () => {
    answers[`${APP}remotes.json`] = { status: 503 };
    const table = await (await routeLists()).loadRouteTable();
    expect(paths(table)).toEqual(['studio/old-tool', 'gallery/my-images']);
    expect(table.unknown).toEqual(['account', 'qr']);
  });

  it('reads once at start, and again on reload (Retry)', async () => {
    const { loadRouteTable, reloadRouteTable } = await routeLists();
    answers['https://qr.example/v2/routes.json'] = 'down';
    expect(await loadRouteTable()).toBe(await loadRouteTable());
    expect((await loadRouteTable()).unknown).toEqual(['qr']);
    answers['https://qr.example/v2/routes.json'] = { status: 200, body: list('qr', '/qr-codes') };
    expect((await reloadRouteTable()).unknown).toEqual([]);
  });
});
