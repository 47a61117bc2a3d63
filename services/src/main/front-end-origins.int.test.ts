import request from 'supertest';
import { useEmbeddedServer } from '../testing/test-runtime';

/**
 * The front ends deployed apart: the page's Content-Security-Policy lets it load scripts from,
 * and fetch from, exactly the shell's origin (SHELL_URL) and the remotes' (REMOTE_URLS), besides
 * its own; the shell's icon is an image from the shell's origin.
 */
const SHELL = 'https://shell.studio.test';
const REMOTES = {
  account: 'https://account.studio.test/mf-manifest.json',
  studio: 'https://studio.studio.test/mf-manifest.json',
  gallery: 'https://gallery.studio.test/mf-manifest.json',
  qr: 'https://qr.studio.test/mf-manifest.json',
};
const ORIGINS = [SHELL, ...Object.values(REMOTES).map((url) => new URL(url).origin)];

describe('front ends on origins of their own', () => {
  const server = useEmbeddedServer({
    SHELL_URL: SHELL,
    SHELL_FETCH_URL: 'http://127.0.0.1:9',
    REMOTE_URLS: JSON.stringify(REMOTES),
  });

  const directive = async (name: string) => {
    const policy = String(
      (await request(server().url).get('/api/health')).headers['content-security-policy'],
    );
    const found = policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
    return found.split(' ').slice(1);
  };
  /** The policy's sources that are not this server's own or a payment provider's (modules ask for those). */
  const elsewhere = (sources: string[]) =>
    sources.filter((s) => s.startsWith('https://') && !s.includes('stripe'));

  it.each(['script-src', 'connect-src'])('%s allows exactly the shell and the four remotes', async (name) => {
    const sources = await directive(name);
    expect(sources).toContain("'self'");
    expect(elsewhere(sources).sort()).toEqual([...ORIGINS].sort());
  });

  it("img-src allows the shell's origin (its icon), not the remotes'", async () => {
    expect(elsewhere(await directive('img-src'))).toEqual([SHELL]);
  });

  it('lists where the shell finds each remote', async () => {
    const listing = await request(server().url).get('/remotes.json');
    expect(listing.body).toEqual(REMOTES);
  });
});
