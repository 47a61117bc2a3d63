import request from 'supertest';
import { loadConfig } from '../platform/config';
import { useEmbeddedServer } from '../testing/test-runtime';

const frameSrc = (csp: unknown) => (/frame-src ([^;]+)/.exec(String(csp))?.[1] ?? '').split(' ');
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
/** The QR forms frame this server's own landing-page preview. */
const OWN_FRAMES = ["'self'"];

describe('the tutorial video (docs/product/creation-tools-qr.md (Screens and routes))', () => {
  describe('with TUTORIAL_VIDEO_URL', () => {
    const server = useEmbeddedServer({ TUTORIAL_VIDEO_URL: 'https://videos.example.org/embed/abc?x=1' });

    it('names the video, and lets its origin (only that) be framed beside Stripe', async () => {
      const res = await request(server().url).get('/api/studio/tutorial');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ videoUrl: 'https://videos.example.org/embed/abc?x=1' });
      const page = await request(server().url).get('/non-fiction-book');
      expect(frameSrc(page.headers['content-security-policy']).sort()).toEqual(
        [...STRIPE_FRAMES, ...OWN_FRAMES, 'https://videos.example.org'].sort(),
      );
    });
  });

  describe('without it', () => {
    const server = useEmbeddedServer();

    it('says there is none, and nothing else may be framed', async () => {
      const res = await request(server().url).get('/api/studio/tutorial');
      expect(res.body).toEqual({ videoUrl: null });
      expect(frameSrc(res.headers['content-security-policy']).sort()).toEqual(
        [...STRIPE_FRAMES, ...OWN_FRAMES].sort(),
      );
    });
  });

  it('refuses an address that is not https at start-up', () => {
    expect(() =>
      loadConfig({ TUTORIAL_VIDEO_URL: 'http://videos.example.org/v' }, { embedded: true }),
    ).toThrow(/TUTORIAL_VIDEO_URL: must be an https:\/\/ URL/);
    expect(() => loadConfig({ TUTORIAL_VIDEO_URL: 'javascript:alert(1)' }, { embedded: true })).toThrow(
      /TUTORIAL_VIDEO_URL/,
    );
  });
});
