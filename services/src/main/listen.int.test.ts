import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { closeServer, KEEP_ALIVE_MS, listen } from './processes';

describe('listen', () => {
  it('keeps an idle connection open longer than a load balancer or a client does (60 s)', async () => {
    const app = new Koa();
    app.use((ctx) => {
      ctx.body = 'ok';
    });
    const server = await listen(app, '127.0.0.1', 0);
    try {
      expect((server.address() as AddressInfo).port).toBeGreaterThan(0);
      expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
      expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
      expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(await answer.text()).toBe('ok');
    } finally {
      await closeServer(server);
    }
  });
});
