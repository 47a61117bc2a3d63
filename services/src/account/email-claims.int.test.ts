import { accountStream, addressEmailStream } from '@studio/events';
import type { Platform } from '../platform/module';
import { openTestRuntime } from '../testing/test-runtime';
import { accountDecider } from './decider';
import { claimStream } from './email-claims';
import { authenticate, register } from './identity';
import { hashPassword } from './passwords';
import { emailClaimDecider } from './registration';

const at = (minute: number) => ({
  at: new Date(Date.parse('2026-11-25T10:00:00.000Z') + minute * 60_000).toISOString(),
  correlationId: 'c',
  causationId: 'c',
});
const ada = { name: 'Ada', email: 'ada@example.com', password: 'analytical' };

/** What registration wrote before stream names were hashed: the claim on `email-{address}`. */
async function claimedTheOldWay(platform: Platform, userId: string, withAccount: boolean) {
  await platform.commands.handle(
    addressEmailStream(ada.email),
    emailClaimDecider,
    { type: 'ClaimEmail', email: ada.email, userId },
    { ...at(0), userId },
  );
  if (!withAccount) return;
  await platform.commands.handle(
    accountStream(userId),
    accountDecider,
    {
      type: 'RegisterUser',
      userId,
      name: 'Ada',
      email: ada.email,
      passwordHash: await hashPassword('old-pass'),
    },
    { ...at(0), userId },
  );
}

describe('email claims: addresses stay out of stream names, old logs keep working', () => {
  let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
  beforeEach(async () => {
    runtime = await openTestRuntime();
  });
  afterEach(() => runtime.dispose());
  const streamsOf = async () => [...new Set((await runtime.eventStore.readAll()).map((e) => e.streamName))];

  it('a registration claims the address on a stream named by its hash', async () => {
    const state = await register(runtime.commands, { ...ada, email: ' Ada@Example.com ' }, at(0));
    expect((await streamsOf()).sort()).toEqual([accountStream(state.userId), claimStream(ada.email)].sort());
    expect(claimStream(ada.email)).toMatch(/^email-[0-9a-f]{40}$/);
    expect((await authenticate(runtime.commands, 'ADA@example.com', ada.password)).userId).toBe(state.userId);
  });

  it('an address registered under the old name stays taken, whatever its case, and its owner signs in', async () => {
    await claimedTheOldWay(runtime, 'recOld', true);
    await expect(
      register(runtime.commands, { ...ada, email: 'ADA@example.com' }, at(60)),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email already exists',
    });
    expect((await authenticate(runtime.commands, ada.email, 'old-pass')).userId).toBe('recOld');
    expect(await runtime.eventStore.readStream(claimStream(ada.email))).toEqual([]);
  });

  it('an old orphaned claim is taken over on its own stream, so two registrations never own one address', async () => {
    await claimedTheOldWay(runtime, 'recDied', false);
    // Two sign-ups at once, after the orphan age: exactly one takes the address over.
    const results = await Promise.allSettled([
      register(runtime.commands, ada, at(60)),
      register(runtime.commands, { ...ada, password: 'other-pass' }, at(60)),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const claims = await runtime.eventStore.readStream(addressEmailStream(ada.email));
    expect(claims.map((e) => (e.data as { userId: string }).userId)).toEqual([
      'recDied',
      (won[0] as PromiseFulfilledResult<{ userId: string }>).value.userId,
    ]);
    expect(await runtime.eventStore.readStream(claimStream(ada.email))).toEqual([]);
  });
});
