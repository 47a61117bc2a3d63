import { openTestRuntime } from '../testing/test-runtime';
import { claimStream } from './email-claims';
import { authenticate, register } from './identity';
import { emailClaimDecider, ORPHAN_CLAIM_AGE_MS } from './registration';

describe('orphaned email claims', () => {
  const claimedAt = Date.parse('2026-01-01T00:00:00.000Z');
  const at = (ms: number) => ({
    at: new Date(claimedAt + ms).toISOString(),
    correlationId: 'c',
    causationId: 'c',
  });
  const leaveOrphan = async (runtime: Awaited<ReturnType<typeof openTestRuntime>>) => {
    // A registration that died between its claim and its account.
    await runtime.commands.handle(
      claimStream('ghost@example.com'),
      emailClaimDecider,
      { type: 'ClaimEmail', email: 'ghost@example.com', userId: 'recDiedMidway00000' },
      { ...at(0), userId: 'recDiedMidway00000' },
    );
  };
  const signUp = (runtime: Awaited<ReturnType<typeof openTestRuntime>>, ms: number, password: string) =>
    register(runtime.commands, { name: 'Ghost', email: 'ghost@example.com', password }, at(ms));

  it('keeps a recent claim without an account (a registration may still be writing it)', async () => {
    const runtime = await openTestRuntime();
    try {
      await leaveOrphan(runtime);
      await expect(signUp(runtime, ORPHAN_CLAIM_AGE_MS - 1000, 'password-1')).rejects.toMatchObject({
        code: 'CONFLICT',
      });
    } finally {
      await runtime.dispose();
    }
  });

  it('lets exactly one of several concurrent registrations take over an old orphaned claim', async () => {
    const runtime = await openTestRuntime();
    try {
      await leaveOrphan(runtime);
      const results = await Promise.allSettled(
        ['password-1', 'password-2', 'password-3'].map((p) => signUp(runtime, ORPHAN_CLAIM_AGE_MS + 1000, p)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const winner = results.findIndex((r) => r.status === 'fulfilled');
      const account = await authenticate(runtime.commands, 'ghost@example.com', `password-${winner + 1}`);
      expect(account.email).toBe('ghost@example.com');
    } finally {
      await runtime.dispose();
    }
  });
});
