import request from 'supertest';
import { eventually } from '../testing/helpers';
import { grantedAdmin } from '../testing/mail';
import { useEmbeddedServer } from '../testing/test-runtime';

const server = useEmbeddedServer();

async function account(email: string) {
  const agent = request.agent(server().url);
  const res = await agent
    .post('/api/register')
    .send({ name: email.split('@')[0], email, password: 'secret12' });
  return { agent, user: res.body as { id: string; isAdmin: boolean } };
}

const ADMIN_ENDPOINTS: Array<[string, string, object]> = [
  ['post', '/api/admin/update-user-subscription', { userId: 'x', tier: 'Basic', credits: 60 }],
  ['post', '/api/admin/verify-all-subscriptions', {}],
  ['post', '/api/manual-subscription-update', { tier: 'Basic' }],
  ['get', '/api/admin/users', {}],
  ['get', '/api/admin/users/recX/events', {}],
  ['post', '/api/admin/rebuild-read-models', {}],
  ['get', '/api/admin/me', {}],
  ['get', '/api/admin/parked-events', {}],
  ['post', '/api/admin/parked-events/relay@1/retry', {}],
];

describe('admin API', () => {
  let admin: Awaited<ReturnType<typeof account>>;
  let member: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    admin = await account('boss@example.com');
    await grantedAdmin(server(), 'boss@example.com');
    admin.user = (await admin.agent.get('/api/user')).body;
    member = await account('member@example.com');
  });

  it('rights come from the event log (granted by the operator)', () => {
    expect(admin.user.isAdmin).toBe(true);
    expect(member.user.isAdmin).toBe(false);
  });

  it.each(ADMIN_ENDPOINTS)(
    '%s %s is 403 for a signed-in non-admin and 401 signed out',
    async (method, path, body) => {
      const asMember = await (member.agent as unknown as Record<string, (p: string) => request.Test>)[
        method
      ]!(path).send(body);
      expect(asMember.status).toBe(403);
      expect(asMember.body.message).toBe(
        "You don't have permission to access this page. This area is restricted to administrators only.",
      );
      const anonymous = await (
        request(server().url) as unknown as Record<string, (p: string) => request.Test>
      )[method]!(path).send(body);
      expect(anonymous.status).toBe(401);
    },
  );

  it('the self-update tool asks a signed-out visitor to log in with the spec text', async () => {
    const res = await request(server().url).post('/api/manual-subscription-update').send({ tier: 'Basic' });
    expect(res.body.message).toBe('You must be logged in to update your subscription');
  });

  it("fixes another user's tier, ids and credits, and the user sees it", async () => {
    const res = await admin.agent.post('/api/admin/update-user-subscription').send({
      userId: member.user.id,
      stripeCustomerId: 'cus_fix',
      subscriptionId: '',
      tier: 'Premium',
      credits: 250,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Subscription Updated', previousCredits: 0 });
    const me = (await member.agent.get('/api/user')).body;
    expect([me.subscriptionTier, me.credits, me.stripeCustomerId]).toEqual(['Premium', 250, 'cus_fix']);
    const history = await eventually(async () => {
      const h = (await member.agent.get('/api/credits/history')).body;
      return h.length ? h : undefined;
    });
    expect(history[0]).toMatchObject({
      amount: 250,
      kind: 'adjusted',
      reason: 'Admin update by boss@example.com',
    });
  });

  it.each([
    [{ userId: 'recNobody0000000', tier: 'Basic', credits: 60 }, 404, 'No user with id recNobody0000000'],
    [{ tier: 'Basic', credits: 60 }, 400, 'userId is required'],
    [{ userId: 'x', tier: 'Gold', credits: 60 }, 400, 'Tier must be Demo, Basic, Standard or Premium'],
    [{ userId: 'x', tier: 'Basic', credits: 'lots' }, 400, 'Credits must be a number'],
    [{ userId: 'x', tier: 'Basic', credits: -5 }, 400, 'Credits cannot be negative'],
  ])('rejects %j with %i', async (body, status, message) => {
    const res = await admin.agent.post('/api/admin/update-user-subscription').send(body);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  });

  // Loose coercion turned these into 0 (wiping a balance), 1 or 16.
  it.each([
    ['an empty string', '', 'Credits must be a number'],
    ['null', null, 'Credits must be a number'],
    ['false', false, 'Credits must be a number'],
    ['true', true, 'Credits must be a number'],
    ['a hex string', '0x10', 'Credits must be a number'],
    ['a numeric string', '250', 'Credits must be a number'],
    ['a fraction', 2.5, 'Credits must be a whole number'],
  ])('refuses %s as credits and leaves the balance alone', async (_name, credits, message) => {
    const before = (await member.agent.get('/api/user')).body.credits;
    const res = await admin.agent
      .post('/api/admin/update-user-subscription')
      .send({ userId: member.user.id, tier: 'Premium', credits });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, error: expect.any(String) });
    expect((await member.agent.get('/api/user')).body.credits).toBe(before);
  });

  it('reads a user history (newest first, no password hash)', async () => {
    const res = await admin.agent.get(`/api/admin/users/${member.user.id}/events`);
    expect(res.status).toBe(200);
    const types = res.body.map((e: { type: string }) => e.type);
    expect(types.at(-1)).toBe('UserRegistered');
    expect(types).toEqual(expect.arrayContaining(['SubscriptionAdminUpdated', 'CreditsAdjusted']));
    expect(JSON.stringify(res.body)).not.toContain('passwordHash');
    expect((await admin.agent.get('/api/admin/users/recNobody0000000/events')).status).toBe(404);
  });

  it('finds users by email', async () => {
    const res = await admin.agent.get('/api/admin/users').query({ email: 'MEMBER@example.com' });
    expect(res.body).toEqual([
      expect.objectContaining({
        id: member.user.id,
        email: 'member@example.com',
        tier: 'Premium',
        credits: 250,
      }),
    ]);
  });

  it('rebuilds the read models from the log with identical documents', async () => {
    const accounts = server().platform.readStore.collection('accounts');
    const ledger = server().platform.readStore.collection('ledger');
    await eventually(async () => (await accounts.count()) >= 2);
    const snapshot = async () =>
      JSON.stringify([
        await accounts.find({}, { sort: { _id: 1 } }),
        await ledger.find({}, { sort: { _id: 1 } }),
      ]);
    const before = await snapshot();
    const res = await admin.agent.post('/api/admin/rebuild-read-models');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(await snapshot()).toBe(before);
    // Two admins at once: both answered, one rebuild each projection, the same documents.
    const both = await Promise.all([
      admin.agent.post('/api/admin/rebuild-read-models'),
      admin.agent.post('/api/admin/rebuild-read-models'),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await snapshot()).toBe(before);
  });

  it('verify-all reports verified and error counts', async () => {
    await admin.agent
      .post('/api/manual-subscription-update')
      .send({ tier: 'Basic', subscriptionId: 'sim_sub_boss' });
    await eventually(
      async () =>
        (await server().platform.readStore.collection('accounts').count({ subscriptionId: 'sim_sub_boss' })) >
        0,
    );
    const res = await admin.agent.post('/api/admin/verify-all-subscriptions');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ verified: 1, errors: 0 });
  });

  it('self-update grants the tier credits once per subscription and only for oneself', async () => {
    const fresh = await account('boss2@example.com');
    expect(fresh.user.isAdmin).toBe(false);
    const res = await admin.agent
      .post('/api/manual-subscription-update')
      .send({ userId: member.user.id, tier: 'Standard', customerId: 'c', subscriptionId: 's' });
    expect(res.status).toBe(403);
    const first = await admin.agent
      .post('/api/manual-subscription-update')
      .send({ tier: 'Standard', subscriptionId: 'sub_self' });
    expect(first.body).toMatchObject({ addedCredits: 150, tier: 'Standard' });
    const second = await admin.agent
      .post('/api/manual-subscription-update')
      .send({ tier: 'Standard', subscriptionId: 'sub_self' });
    expect(second.body).toMatchObject({ addedCredits: 0 });
    expect(second.body.newCredits).toBe(first.body.newCredits);
  });
});
