import { qrActivityStream } from '@studio/events';
import request from 'supertest';
import { startEmbedded } from '../main/embedded';
import { tempDataDir } from '../testing/helpers';

const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
];

/**
 * Scans wait up to QR_SCAN_FLUSH_MS for their batch; a graceful stop (the module's stop
 * hook, run by embedded.stop() as on SIGTERM) must append that batch, not drop it. The batch
 * window is a minute here, so only the stop can have written them.
 */
describe('QR scans on a graceful stop', () => {
  const tmp = tempDataDir();
  const env = {
    DATA_DIR: tmp.dir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    QR_SCAN_FLUSH_MS: '60000',
  };
  afterAll(() => tmp.remove());

  it('appends the pending batch before the stores close; reopened, the scans are counted', async () => {
    const first = await startEmbedded(env);
    const owner = request.agent(first.url);
    await owner
      .post('/api/register')
      .send({ name: 'Flush', email: 'flush@example.com', password: 'secret12' });
    const created = await owner
      .post('/api/qr-codes')
      .send({ title: 'Flyer', linkType: 'direct', url: 'https://example.com/book' });
    const id = created.body.qrCode.id as string;
    for (const [index, agent] of AGENTS.entries()) {
      const scan = await request(first.url).get(`/r/${id}`).set('User-Agent', agent);
      expect(scan.status).toBe(302);
      expect(scan.headers.location).toBe('https://example.com/book');
      // The first reads the code; the others are answered from memory, ahead of the full stack
      // (no document headers there), and queued the same way.
      if (index > 0) expect(scan.headers['content-security-policy']).toBeUndefined();
    }
    // Answered, but still in the batch: nothing in the log yet.
    expect(await first.platform.eventStore.readStream(qrActivityStream(id))).toEqual([]);
    await first.stop();

    const second = await startEmbedded(env);
    try {
      const logged = await second.platform.eventStore.readStream(qrActivityStream(id));
      expect(logged.map((e) => e.type)).toEqual(['QrScansRecorded']);
      const scans = logged.flatMap((e) => (e.data as { scans: Array<{ browser: string }> }).scans);
      expect(scans.map((s) => s.browser).sort()).toEqual(['Chrome', 'Chrome', 'Safari']);
      const again = request.agent(second.url);
      await again.post('/api/login').send({ email: 'flush@example.com', password: 'secret12' });
      const analytics = (await again.get(`/api/qr-codes/${id}/analytics`)).body.analytics;
      expect(analytics.scanCount).toBe(3);
      // Three loads that kept no device cookie: three devices.
      expect(analytics.uniqueVisitors).toBe(3);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
