import { PassThrough } from 'node:stream';
import Koa from 'koa';
import request from 'supertest';
import { COMPRESSION_THRESHOLD_BYTES, compression, shouldCompress } from './compression';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };

function app() {
  const koa = new Koa();
  koa.silent = true;
  koa.use(compression());
  koa.use(async (ctx) => {
    if (ctx.path === '/big') ctx.body = big;
    else if (ctx.path === '/small') ctx.body = { ok: true };
    else if (ctx.path === '/events') {
      ctx.type = 'text/event-stream';
      const stream = new PassThrough();
      ctx.body = stream;
      stream.end(`data: ${'x'.repeat(COMPRESSION_THRESHOLD_BYTES * 2)}\n\n`);
    }
  });
  return koa.callback();
}

describe('compression', () => {
  it('compresses a large JSON answer with brotli when accepted, else gzip', async () => {
    const br = await request(app()).get('/big').set('Accept-Encoding', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    const gz = await request(app()).get('/big').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toEqual(big);
  });

  it('leaves small answers alone', async () => {
    const res = await request(app()).get('/small').set('Accept-Encoding', 'gzip, br');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses a server-sent event stream', async () => {
    const res = await request(app()).get('/events').set('Accept-Encoding', 'gzip, br').buffer(true);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toContain('data: xxx');
  });

  it('chooses text and JSON types, not images or event streams', () => {
    expect(shouldCompress('application/json; charset=utf-8')).toBe(true);
    expect(shouldCompress('text/html; charset=utf-8')).toBe(true);
    expect(shouldCompress('text/event-stream')).toBe(false);
    expect(shouldCompress('image/png')).toBe(false);
    expect(shouldCompress(undefined)).toBe(false);
  });
});
