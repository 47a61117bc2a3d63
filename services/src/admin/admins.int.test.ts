import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { OPERATOR } from '../account/admin-rights';
import { startEmbedded } from '../main/embedded';
import { tempDataDir } from '../testing/helpers';
import { verifyThroughMail } from '../testing/mail';
import { useEmbeddedServer } from '../testing/test-runtime';
import { changeAdminRights } from './grant-admin';

/** Admin is a fact in the event log, never a consequence of an address. */
const server = useEmbeddedServer({ ADMIN_EMAILS: 'boss@example.com' });

/** A registered account whose owner opened the verification link (unless `verified` is false). */
async function account(email: string, { verified = true } = {}) {
  const agent = request.agent(server().url);
  const res = await agent.post('/api/register').send({ name: 'Someone', email, password: 'secret12' });
  if (verified) await verifyThroughMail(server(), email);
  return { agent, user: res.body as { id: string; isAdmin: boolean } };
}
const operatorGrant = (email: string) =>
  changeAdminRights(server().platform.commands, {
    email,
    grant: true,
    by: OPERATOR,
    at: new Date().toISOString(),
  });
const history = async (agent: request.Agent, userId: string) =>
  (await agent.get(`/api/admin/users/${userId}/events`)).body as Array<{
    type: string;
    data: Record<string, unknown>;
    actorId?: string;
  }>;

describe('admin rights', () => {
  it('registering an address once listed in ADMIN_EMAILS grants nothing', async () => {
    const boss = await account('boss@example.com');
    expect(boss.user.isAdmin).toBe(false);
    expect((await boss.agent.get('/api/admin/me')).status).toBe(403);
  });

  it('the operator grants admin, recorded as AdminGranted by the operator', async () => {
    const chief = await account('chief@example.com');
    await operatorGrant('Chief@Example.com ');
    expect((await chief.agent.get('/api/user')).body.isAdmin).toBe(true);
    expect((await chief.agent.get('/api/admin/me')).status).toBe(200);
    expect((await history(chief.agent, chief.user.id))[0]).toMatchObject({
      type: 'AdminGranted',
      data: { grantedBy: OPERATOR },
    });
  });

  it('an address its owner has not verified gets no rights, from the operator or an admin, and nothing is appended', async () => {
    const early = await account('colleague@example.com', { verified: false });
    const root = await account('root0@example.com');
    await operatorGrant('root0@example.com');
    const before = (await history(root.agent, early.user.id)).length;
    await expect(operatorGrant('colleague@example.com')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/colleague@example\.com has not verified its email address yet/),
    });
    const byAdmin = await root.agent
      .post('/api/admin/admins')
      .send({ email: 'colleague@example.com', action: 'grant' });
    expect(byAdmin.status).toBe(409);
    expect((await early.agent.get('/api/admin/me')).status).toBe(403);
    expect(await history(root.agent, early.user.id)).toHaveLength(before);
    // Once its owner opens the link, the same grant goes through.
    await verifyThroughMail(server(), 'colleague@example.com');
    const granted = await root.agent
      .post('/api/admin/admins')
      .send({ email: 'colleague@example.com', action: 'grant' });
    expect(granted.status).toBe(200);
    expect((await early.agent.get('/api/admin/me')).status).toBe(200);
  });

  it('the operator cannot grant an address nobody registered', async () => {
    await expect(operatorGrant('nobody@example.com')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('an admin grants and revokes another user, and the log names that admin', async () => {
    const root = await account('root@example.com');
    await operatorGrant('root@example.com');
    const deputy = await account('deputy@example.com');

    const granted = await root.agent
      .post('/api/admin/admins')
      .send({ email: 'deputy@example.com', action: 'grant' });
    expect(granted.status).toBe(200);
    expect(granted.body.user).toMatchObject({ id: deputy.user.id, isAdmin: true });
    expect((await deputy.agent.get('/api/admin/me')).status).toBe(200);

    const revoked = await root.agent
      .post('/api/admin/admins')
      .send({ email: 'deputy@example.com', action: 'revoke' });
    expect(revoked.body.user.isAdmin).toBe(false);
    expect((await deputy.agent.get('/api/admin/me')).status).toBe(403);
    expect((await deputy.agent.get('/api/user')).body.isAdmin).toBe(false);

    const events = await history(root.agent, deputy.user.id);
    expect(events.slice(0, 2)).toMatchObject([
      { type: 'AdminRevoked', data: { revokedBy: root.user.id }, actorId: root.user.id },
      { type: 'AdminGranted', data: { grantedBy: root.user.id }, actorId: root.user.id },
    ]);
  });

  it('a non-admin may not grant, and bad requests are 4xx', async () => {
    const member = await account('member@example.com');
    const tried = await member.agent
      .post('/api/admin/admins')
      .send({ email: 'member@example.com', action: 'grant' });
    expect(tried.status).toBe(403);
    const root = await account('root2@example.com');
    await operatorGrant('root2@example.com');
    expect(
      (await root.agent.post('/api/admin/admins').send({ email: 'x@example.com', action: 'grant' })).status,
    ).toBe(404);
    expect(
      (await root.agent.post('/api/admin/admins').send({ email: 'member@example.com', action: 'promote' }))
        .status,
    ).toBe(400);
    expect(
      (await root.agent.post('/api/admin/admins').send({ email: 'root2@example.com', action: 'revoke' }))
        .status,
    ).toBe(409);
  });

  it('admin fixes are auditable: the event metadata names the admin', async () => {
    const root = await account('root3@example.com');
    await operatorGrant('root3@example.com');
    const member = await account('member3@example.com');
    await root.agent
      .post('/api/admin/update-user-subscription')
      .send({ userId: member.user.id, tier: 'Basic', credits: 42 });
    const events = await history(root.agent, member.user.id);
    expect(events.find((e) => e.type === 'CreditsAdjusted')).toMatchObject({ actorId: root.user.id });
    expect(events.find((e) => e.type === 'SubscriptionAdminUpdated')).toMatchObject({
      actorId: root.user.id,
    });
  });
});

describe('npm run admin (the operator command)', () => {
  const run = promisify(execFile);
  const script = path.join(__dirname, '../main/admin.ts');
  const tmp = tempDataDir();
  afterAll(() => tmp.remove());
  const admin = (...args: string[]) =>
    run('npx', ['tsx', script, ...args], {
      env: { ...process.env, DATA_DIR: tmp.dir, LOG_LEVEL: 'silent' },
    });

  it('grants and revokes by email on the configured store, and refuses unknown addresses', async () => {
    const embedded = await startEmbedded({ DATA_DIR: tmp.dir, PORT: '0', LOG_LEVEL: 'silent' });
    try {
      const agent = request.agent(embedded.url);
      const ops = await agent
        .post('/api/register')
        .send({ name: 'Ops', email: 'ops@example.com', password: 'secret12' });
      await expect(admin('grant', 'ops@example.com')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/ops@example\.com has not verified its email address yet/),
      });
      expect((await agent.get('/api/admin/me')).status).toBe(403);
      await verifyThroughMail(embedded, 'ops@example.com');
      const granted = await admin('grant', 'ops@example.com');
      // The operator sees whose account it was: its id, name and when it was registered.
      expect(granted.stdout).toMatch(
        new RegExp(`ops@example\\.com is now an admin \\(account ${ops.body.id}, Ops, registered \\d{4}-`),
      );
      expect((await agent.get('/api/admin/me')).status).toBe(200);
      await admin('revoke', 'ops@example.com');
      expect((await agent.get('/api/admin/me')).status).toBe(403);
      await expect(admin('grant', 'ghost@example.com')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/No account with the email ghost@example.com/),
      });
      await expect(admin('promote', 'ops@example.com')).rejects.toMatchObject({ code: 2 });
    } finally {
      await embedded.stop();
    }
  }, 60_000);
});
