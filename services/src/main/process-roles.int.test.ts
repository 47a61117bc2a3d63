import net from 'node:net';
import { eventually, tempDataDir } from '../testing/helpers';
import { spawnRole } from '../testing/spawn-embedded';

/**
 * Each distributed process builds what its role needs: only the API's routes take payments, and
 * only the worker calls the AI provider, so the projector and relay start without either set.
 */
jest.setTimeout(120_000);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });

/** An empty variable is an unset one, whatever the test's own environment holds. */
const WITHOUT_PAYMENTS_OR_AI = { PAYMENTS: '', STRIPE_SECRET_KEY: '', AI_PROVIDER: '', OPENAI_API_KEY: '' };

describe('distributed roles: what each needs to start', () => {
  const tmp = tempDataDir();
  afterAll(() => tmp.remove());

  it.each(['projector', 'relay'] as const)(
    'the %s starts without PAYMENTS or AI settings and becomes ready',
    async (role) => {
      const port = await freePort();
      const { child, exited } = await spawnRole(role, tmp.dir, {
        ...WITHOUT_PAYMENTS_OR_AI,
        OPS_PORT: String(port),
      });
      try {
        await eventually(async () => {
          const res = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => undefined);
          return res?.status === 200;
        }, 60_000);
      } finally {
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      }
    },
  );

  it('the api still refuses to start without PAYMENTS, naming it', async () => {
    await expect(
      spawnRole('api', tmp.dir, { ...WITHOUT_PAYMENTS_OR_AI, OPS_PORT: String(await freePort()) }),
    ).rejects.toThrow(/PAYMENTS: must be set/);
  });
});
