import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { accountStream } from '@studio/events';
import { CREDENTIAL_MESSAGES } from '@studio/events/rules';
import request from 'supertest';
import { accountDecider } from '../account/decider';
import { register } from '../account/identity';
import type { Clock } from '../platform/clock';
import type { MailMessage } from '../platform/mail/port';
import { mailTo, tokenIn } from '../testing/mail';
import { type Delivery, startSmtpServer } from '../testing/smtp-server.fixture';
import { openTestRuntime, useEmbeddedServer } from '../testing/test-runtime';
import { mailer } from './mailer';

/** The wall clock, moved on by the tests that need a link to have expired. */
let skewMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + skewMs) };

const PASSWORD = 'first-pass-1';

describe('mail through a real SMTP server: verification, reset, sessions', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'mailer', password: 'pw' });
    env.SMTP_URL = `smtp://mailer:pw@127.0.0.1:${smtp.port}`;
    env.PUBLIC_URL = 'https://studio.example';
  });
  afterAll(() => smtp.stop());
  const server = useEmbeddedServer(env, () => ({ clock }));
  /** A browser of the public site: PUBLIC_URL's host (the server answers no other). */
  const client = () => request.agent(server().url).set('Host', 'studio.example');
  afterEach(() => {
    skewMs = 0;
  });

  const inbox = (to: string, subject: RegExp, count = 1) => mailTo(() => smtp.received, to, subject, count);
  const signUp = async (email: string) => {
    const agent = client();
    const res = await agent.post('/api/register').send({ name: 'Zoë Writer', email, password: PASSWORD });
    expect(res.status).toBe(201);
    return { agent, id: res.body.id as string };
  };
  const signIn = async (email: string, password = PASSWORD) => {
    const agent = client();
    const res = await agent.post('/api/login').send({ email, password });
    return { agent, status: res.status };
  };
  const events = async (userId: string) =>
    (await server().platform.eventStore.readStream(accountStream(userId))).map((e) => e.type);
  const forgot = (email: string) => client().post('/api/password/forgot').send({ email });
  const reset = (token: string, password: string) =>
    client().post('/api/password/reset').send({ token, password });

  it('registration mails a verification link (text and HTML, the product name, nothing loaded from elsewhere) that works once', async () => {
    const { agent, id } = await signUp('zoe@example.com');
    expect((await agent.get('/api/user')).body.emailVerified).toBe(false);
    const [mail] = (await inbox('zoe@example.com', /^Verify your email/)) as Delivery[];
    expect(mail).toMatchObject({
      user: 'mailer',
      subject: 'Verify your email address for AI Book Studio',
      from: 'AI Book Studio <no-reply@aibookstudio.example>',
    });
    const token = tokenIn(mail!);
    expect(mail!.text).toContain(`https://studio.example/verify-email#token=${token}`);
    expect(mail!.text).toContain('Hello Zoë Writer,');
    expect(mail!.html).toContain('AI Book Studio');
    expect(mail!.html).toContain(`href="https://studio.example/verify-email#token=${token}"`);
    // No tracking pixel, no remote image, style or font: the only address is the link itself.
    expect(mail!.html).not.toMatch(/<img|<link|url\(|src=/i);
    expect(
      mail!.html
        .match(/https?:\/\/[^\s"<]+/g)
        ?.every((url) => url.startsWith('https://studio.example/verify-email#token=')),
    ).toBe(true);
    // Only the hash of the link is in the log.
    const log = JSON.stringify(await server().platform.eventStore.readStream(accountStream(id)));
    expect(log).not.toContain(token.split('.')[1]);

    const opened = await client().post('/api/email/verify').send({ token });
    expect(opened.status).toBe(200);
    expect((await agent.get('/api/user')).body.emailVerified).toBe(true);
    const again = await client().post('/api/email/verify').send({ token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(CREDENTIAL_MESSAGES.linkInvalid);
  });

  it('a reset link sets a new password, ends every session, works once, and proves the address', async () => {
    const { id } = await signUp('reset@example.com');
    await inbox('reset@example.com', /^Verify/);
    const phone = await signIn('reset@example.com');
    const laptop = await signIn('reset@example.com');
    expect((await phone.agent.get('/api/user')).status).toBe(200);

    const asked = await forgot('reset@example.com');
    expect(asked.status).toBe(202);
    const [mail] = await inbox('reset@example.com', /^Reset your AI Book Studio password/);
    expect(mail!.text).toContain('The link works for 1 hour, once');
    const token = tokenIn(mail!);
    const done = await reset(token, 'second-pass-2');
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(CREDENTIAL_MESSAGES.passwordReset);

    expect((await phone.agent.get('/api/user')).status).toBe(401);
    expect((await laptop.agent.get('/api/user')).status).toBe(401);
    expect((await signIn('reset@example.com')).status).toBe(401);
    expect((await signIn('reset@example.com', 'second-pass-2')).status).toBe(200);
    const before = (await events(id)).length;
    expect((await reset(token, 'third-pass-3')).status).toBe(400);
    expect((await signIn('reset@example.com', 'third-pass-3')).status).toBe(401);
    expect(await events(id)).toHaveLength(before);
    expect(
      (await server().platform.commands.load(accountStream(id), accountDecider)).state.emailVerified,
    ).toBe(true);
  });

  it('answers an unknown address as a known one and mails it nothing', async () => {
    await signUp('known@example.com');
    const unknown = await forgot('unknown@example.com');
    const known = await forgot('known@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await inbox('known@example.com', /^Reset/);
    expect(smtp.received.filter((m) => m.to === 'unknown@example.com')).toEqual([]);
  });

  it('a link an hour old opens nothing, and changes nothing', async () => {
    const { id } = await signUp('late@example.com');
    await forgot('late@example.com');
    const [mail] = await inbox('late@example.com', /^Reset/);
    const before = (await events(id)).length;
    skewMs = 60 * 60 * 1000 + 1000;
    expect((await reset(tokenIn(mail!), 'second-pass-2')).status).toBe(400);
    expect(await events(id)).toHaveLength(before);
    expect((await signIn('late@example.com')).status).toBe(200);
  });

  it('concurrent reset requests for one account leave one valid link', async () => {
    await signUp('many@example.com');
    const answers = await Promise.all([1, 2, 3].map(() => forgot('many@example.com')));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    const mails = await inbox('many@example.com', /^Reset/, 3);
    const outcomes = [];
    for (const mail of mails) outcomes.push((await reset(tokenIn(mail), 'second-pass-2')).status);
    expect(outcomes.filter((s) => s === 200)).toHaveLength(1);
    expect(outcomes.filter((s) => s === 400)).toHaveLength(2);
  });

  it('one link used by concurrent requests resets the password once', async () => {
    const { id } = await signUp('race@example.com');
    await forgot('race@example.com');
    const [mail] = await inbox('race@example.com', /^Reset/);
    const token = tokenIn(mail!);
    const outcomes = await Promise.all(
      ['pass-a-1', 'pass-b-2', 'pass-c-3', 'pass-d-4'].map((password) => reset(token, password)),
    );
    expect(outcomes.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    expect((await events(id)).filter((type) => type === 'PasswordReset')).toHaveLength(1);
  });

  it('limits reset requests per address (every request counts, known or not)', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await forgot('flood@example.com')).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('changing the password needs the current one and ends every other session', async () => {
    const { agent } = await signUp('change@example.com');
    const other = await signIn('change@example.com');
    const wrong = await agent
      .post('/api/user/password')
      .send({ currentPassword: 'guess-1', newPassword: 'second-pass-2' });
    expect(wrong.status).toBe(400);
    expect((await other.agent.get('/api/user')).status).toBe(200);
    const changed = await agent
      .post('/api/user/password')
      .send({ currentPassword: PASSWORD, newPassword: 'second-pass-2' });
    expect(changed.status).toBe(200);
    expect((await agent.get('/api/user')).status).toBe(200);
    expect((await other.agent.get('/api/user')).status).toBe(401);
    expect((await signIn('change@example.com')).status).toBe(401);
    expect((await signIn('change@example.com', 'second-pass-2')).status).toBe(200);
  });
});

describe('mail while the SMTP server is away', () => {
  const env: Record<string, string> = {};
  let port = 0;
  beforeAll(async () => {
    // A port nothing listens on yet: the SMTP server comes up only after the registration.
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    env.SMTP_URL = `smtp://mailer:pw@127.0.0.1:${port}`;
  });
  const server = useEmbeddedServer(env);

  it('the request succeeds at once, and the message follows once the server is back', async () => {
    const res = await request(server().url)
      .post('/api/register')
      .send({ name: 'Patient', email: 'patient@example.com', password: PASSWORD });
    expect(res.status).toBe(201);
    expect(
      (await server().platform.eventStore.readStream(accountStream(res.body.id))).map((e) => e.type),
    ).toContain('UserRegistered');
    const smtp = await startSmtpServer({ user: 'mailer', password: 'pw', port });
    try {
      const [mail] = await mailTo(() => smtp.received, 'patient@example.com', /^Verify/);
      expect(tokenIn(mail!)).toMatch(new RegExp(`^${res.body.id}\\.`));
    } finally {
      await smtp.stop();
    }
  }, 30_000);
});

describe('the mailer, handling one event twice', () => {
  /** A mailer on `runtime` that sends through `send`, and the registration of a new account at `email`. */
  const mailerAndRegistration = async (
    runtime: Awaited<ReturnType<typeof openTestRuntime>>,
    send: (message: MailMessage) => Promise<void>,
    email: string,
  ) => {
    const reactor = mailer({
      commands: runtime.commands,
      readStore: runtime.readStore,
      clock: runtime.clock,
      sender: { destination: 'memory', send },
      linkBase: 'https://studio.example',
      domain: 'studio.example',
    });
    const { userId } = await register(
      runtime.commands,
      { name: 'Tess', email, password: PASSWORD },
      { at: new Date().toISOString(), correlationId: 'c', causationId: 'c' },
    );
    const [registered] = await runtime.eventStore.readStream(accountStream(userId));
    return { reactor, userId, registered: registered! };
  };

  it('sends its message once (a restart or a retry after the send sends nothing again)', async () => {
    const runtime = await openTestRuntime();
    try {
      const sent: MailMessage[] = [];
      const { reactor, userId, registered } = await mailerAndRegistration(
        runtime,
        async (message) => void sent.push(message),
        'once@example.com',
      );
      await reactor.handle(registered);
      await reactor.handle(registered);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        to: 'once@example.com',
        subject: 'Verify your email address for AI Book Studio',
      });
      expect(sent[0]!.messageId).toMatch(
        new RegExp(`^${registered.eventId}\\.[0-9a-f]{12}@studio\\.example$`),
      );
      const types = (await runtime.eventStore.readStream(accountStream(userId))).map((e) => e.type);
      expect(types.filter((t) => t === 'EmailVerificationIssued')).toHaveLength(1);
    } finally {
      await runtime.dispose();
    }
  });

  it('a send that failed is tried again with the same link, not a new one', async () => {
    const runtime = await openTestRuntime();
    try {
      let fail = true;
      const sent: MailMessage[] = [];
      const { reactor, userId, registered } = await mailerAndRegistration(
        runtime,
        async (message) => {
          if (fail) throw new Error('connection refused');
          sent.push(message);
        },
        'retry@example.com',
      );
      await expect(reactor.handle(registered)).rejects.toThrow('connection refused');
      fail = false;
      await reactor.handle(registered);
      const token = /#token=(\S+)/.exec(sent[0]!.text)?.[1] ?? '';
      const after = await runtime.eventStore.readStream(accountStream(userId));
      expect(after.filter((e) => e.type === 'EmailVerificationIssued')).toHaveLength(1);
      // The one link recorded is the one mailed.
      const { opensLink } = await import('../account/credentials');
      const { hashToken } = await import('../account/links');
      const account = (await runtime.commands.load(accountStream(userId), accountDecider)).state;
      expect(opensLink(account.verificationLink, hashToken(token), new Date().toISOString())).toBe(true);
    } finally {
      await runtime.dispose();
    }
  });
});
