import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { openTestRuntime } from '../testing/test-runtime';
import { featureModules } from './modules';
import { createOps, listenOps } from './ops';
import { startProjectors } from './processes';

describe('the ops server of a process without an API (projector, relay, worker)', () => {
  it('answers /api/health, /api/ready from its own runners, and /metrics with the token', async () => {
    const runtime = await openTestRuntime({ OPS_PORT: '0', METRICS_TOKEN: 'ops-server-token-0123456789' });
    const modules = await featureModules(runtime);
    const ops = createOps(runtime, modules);
    const projectors = await startProjectors(runtime, modules, ops.runners);
    const server = await listenOps(runtime, ops);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await request(url).get('/api/health')).body).toEqual({ status: 'ok' });
      const ready = await request(url).get('/api/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.projections.every((p: { state?: string }) => p.state === 'running')).toBe(true);
      await projectors[0]?.stop();
      expect((await request(url).get('/api/ready')).status).toBe(503);
      const metrics = await request(url)
        .get('/metrics')
        .set('Authorization', 'Bearer ops-server-token-0123456789');
      expect(metrics.status).toBe(200);
      expect(metrics.text).toContain('studio_engine_up{engine="readStore"} 1');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const projector of projectors) await projector.stop();
      await runtime.dispose();
    }
  });
});
