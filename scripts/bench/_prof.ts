import fs from 'node:fs';
import http from 'node:http';
import inspector from 'node:inspector';
import Koa from 'koa';
import { startEmbedded } from '../../services/src/main/embedded';
import { tempDataDir } from '../../services/src/platform/testing';

const which = process.argv[2] ?? 'r';
async function load(url: string, ms: number, concurrency = 16) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let n = 0;
  const end = Date.now() + ms;
  const lat: number[] = [];
  const one = () =>
    new Promise<void>((res, rej) => {
      const s = process.hrtime.bigint();
      http
        .get(
          url,
          {
            agent,
            headers: {
              'User-Agent':
                'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
            },
          },
          (r) => {
            r.resume();
            r.on('end', () => {
              n++;
              lat.push(Number(process.hrtime.bigint() - s) / 1e6);
              res();
            });
          },
        )
        .on('error', rej);
    });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) await one();
    }),
  );
  agent.destroy();
  lat.sort((a, b) => a - b);
  return { rps: n / (ms / 1000), p99: lat[Math.floor(lat.length * 0.99)] };
}
(async () => {
  const tmp = tempDataDir();
  const e = await startEmbedded({
    DATA_DIR: tmp.dir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
  });
  const reg = await fetch(`${e.url}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: 'b@example.com', password: 'secret12' }),
  });
  const cookie = (reg.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const mk = async (body: unknown) =>
    (
      (await (
        await fetch(`${e.url}/api/qr-codes`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: cookie },
          body: JSON.stringify(body),
        })
      ).json()) as any
    ).qrCode.id;
  const d = await mk({ title: 'B', linkType: 'direct', url: 'https://example.com/' });
  const l = await mk({ title: 'L', linkType: 'landing' });
  const url =
    which === 'r'
      ? `${e.url}/r/${d}`
      : which === 'd'
        ? `${e.url}/api/qr-landing/${l}/data`
        : `${e.url}/api/health`;
  const bare = new Koa();
  bare.use((ctx) => {
    ctx.body = { ok: true };
  });
  const bs = bare.listen(0);
  const bu = `http://127.0.0.1:${(bs.address() as any).port}/`;
  await load(url, 500);
  for (let i = 0; i < 2; i++) {
    const b = await load(bu, 2000);
    const x = await load(url, 2000);
    console.log(
      which,
      'bare',
      b.rps.toFixed(0),
      'route',
      x.rps.toFixed(0),
      'ratio',
      (x.rps / b.rps).toFixed(2),
      'p99',
      x.p99.toFixed(1),
    );
  }
  if (process.env.PROF) {
    const session = new inspector.Session();
    session.connect();
    const post = (m: string, p?: object) =>
      new Promise<any>((res, rej) => session.post(m, p ?? {}, (e, r) => (e ? rej(e) : res(r))));
    await post('Profiler.enable');
    await post('Profiler.start');
    console.log(await load(url, 3000));
    const { profile } = await post('Profiler.stop');
    fs.mkdirSync(process.env.PROF, { recursive: true });
    fs.writeFileSync(`${process.env.PROF}/p.cpuprofile`, JSON.stringify(profile));
  }
  bs.close();
  await e.stop();
  tmp.remove();
})();
