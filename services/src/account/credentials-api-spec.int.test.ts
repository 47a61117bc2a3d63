import { accountStream } from '@studio/events';
import { CREDENTIAL_MESSAGES } from '@studio/events/rules';
import { newId } from '../platform/ids';
import { type Api, apiSpecification, existingStream } from '../testing/api-spec';
import { claimStream } from './email-claims';
import { newLink } from './links';
import { hashPassword } from './passwords';

const api = apiSpecification({ inMemory: true });

const LATER = '2099-01-01T00:00:00.000Z';
const PAST = '2020-01-01T00:00:00.000Z';
const invalid = { status: 400, body: { message: CREDENTIAL_MESSAGES.linkInvalid }, newEvents: {} };

/** An account as registration leaves it, with the events given after it. */
function account(userId: string, email: string, ...after: Array<{ type: string; data: object }>) {
  return [
    existingStream(claimStream(email), [{ type: 'EmailClaimed', data: { email, userId } }]),
    existingStream(accountStream(userId), [
      { type: 'UserRegistered', data: { userId, name: 'Ada', email, passwordHash: 'stored-hash' } },
      ...after,
    ] as never),
  ];
}
const someone = () => {
  const userId = newId();
  return { userId, email: `${userId.slice(0, 8)}@example.com` };
};

describe('credentials API: given events, when a request, then the response and the new events', () => {
  describe('POST /api/email/verify', () => {
    it('verifies the address with the live link', async () => {
      const { userId, email } = someone();
      const link = newLink(userId);
      await api
        .given(
          ...account(userId, email, {
            type: 'EmailVerificationIssued',
            data: { email, tokenHash: link.tokenHash, expiresAt: LATER },
          }),
        )
        .when((http) => http.post('/api/email/verify').send({ token: link.token }))
        .then({
          status: 200,
          body: { success: true, message: CREDENTIAL_MESSAGES.verified },
          newEvents: { [accountStream(userId)]: [{ type: 'EmailVerified', data: { email } }] },
        });
    });

    it('refuses a forged, an expired, a replaced, a spent and a malformed link, appending nothing', async () => {
      const { userId, email } = someone();
      const live = newLink(userId);
      const old = newLink(userId);
      const issued = (tokenHash: string, expiresAt = LATER) => ({
        type: 'EmailVerificationIssued',
        data: { email, tokenHash, expiresAt },
      });
      const send = (token: unknown) => (http: Api) => http.post('/api/email/verify').send({ token });
      await api
        .given(...account(userId, email, issued(live.tokenHash)))
        .when(send(newLink(userId).token))
        .then(invalid);
      const expiring = someone();
      const expired = newLink(expiring.userId);
      await api
        .given(...account(expiring.userId, expiring.email, issued(expired.tokenHash, PAST)))
        .when(send(expired.token))
        .then(invalid);
      const replacing = someone();
      const first = newLink(replacing.userId);
      const second = newLink(replacing.userId);
      await api
        .given(
          ...account(replacing.userId, replacing.email, issued(first.tokenHash), issued(second.tokenHash)),
        )
        .when(send(first.token))
        .then(invalid);
      const spent = someone();
      const used = newLink(spent.userId);
      await api
        .given(
          ...account(spent.userId, spent.email, issued(used.tokenHash), {
            type: 'EmailVerified',
            data: { email: spent.email },
          }),
        )
        .when(send(used.token))
        .then(invalid);
      await api
        .given()
        .when(send(old.token.replace('.', '..')))
        .then(invalid);
      await api
        .given()
        .when(send(`nobody.${'A'.repeat(43)}`))
        .then(invalid);
      await api
        .given()
        .when(send('x'.repeat(5000)))
        .then({ status: 400, newEvents: {} });
      await api
        .given()
        .when(send(['array']))
        .then({ status: 400, newEvents: {} });
    });
  });

  describe('POST /api/email/verification', () => {
    it('asks for a new link for the signed-in user, and refuses once verified', async () => {
      const { userId, email } = someone();
      await api
        .given(...account(userId, email))
        .signedInAs(userId)
        .when((http) => http.post('/api/email/verification').send({}))
        .then({
          status: 202,
          body: { message: CREDENTIAL_MESSAGES.verificationSent(email) },
          newEvents: { [accountStream(userId)]: [{ type: 'EmailVerificationRequested', data: { email } }] },
        });
      const done = someone();
      await api
        .given(...account(done.userId, done.email, { type: 'EmailVerified', data: { email: done.email } }))
        .signedInAs(done.userId)
        .when((http) => http.post('/api/email/verification').send({}))
        .then({ status: 409, body: { message: CREDENTIAL_MESSAGES.alreadyVerified }, newEvents: {} });
      await api
        .given()
        .when((http) => http.post('/api/email/verification').send({}))
        .then({ status: 401, newEvents: {} });
    });
  });

  describe('POST /api/password/forgot', () => {
    it('gives one answer whether or not an account uses the address; only an account gets a request', async () => {
      const { userId, email } = someone();
      const answer = { success: true, message: CREDENTIAL_MESSAGES.resetSent };
      const known = await api
        .given(...account(userId, email))
        .when((http) => http.post('/api/password/forgot').send({ email: ` ${email.toUpperCase()} ` }))
        .then({
          status: 202,
          body: answer,
          newEvents: { [accountStream(userId)]: [{ type: 'PasswordResetRequested', data: { email } }] },
        });
      const unknown = await api
        .given()
        .when((http) => http.post('/api/password/forgot').send({ email: `nobody-${newId()}@example.com` }))
        .then({ status: 202, body: answer, newEvents: {} });
      expect(unknown.body).toEqual(known.body);
      await api
        .given()
        .when((http) => http.post('/api/password/forgot').send({ email: 'not an address' }))
        .then({ status: 400, body: { message: 'Please enter a valid email' }, newEvents: {} });
    });
  });

  describe('POST /api/password/reset', () => {
    it('sets the new password with the live link (which proves the address too)', async () => {
      const { userId, email } = someone();
      const link = newLink(userId);
      await api
        .given(
          ...account(userId, email, {
            type: 'PasswordResetIssued',
            data: { email, tokenHash: link.tokenHash, expiresAt: LATER },
          }),
        )
        .when((http) => http.post('/api/password/reset').send({ token: link.token, password: 'brand-new-7' }))
        .then({
          status: 200,
          body: { message: CREDENTIAL_MESSAGES.passwordReset },
          newEvents: {
            [accountStream(userId)]: [
              { type: 'PasswordReset', data: { passwordHash: expect.stringMatching(/^\$argon2id\$/) } },
              { type: 'EmailVerified', data: { email } },
            ],
          },
        });
    });

    it('refuses a forged, an expired, a replaced and a spent link, and a short password, appending nothing', async () => {
      const issued = (email: string, tokenHash: string, expiresAt = LATER) => ({
        type: 'PasswordResetIssued',
        data: { email, tokenHash, expiresAt },
      });
      const reset =
        (token: string, password = 'brand-new-7') =>
        (http: Api) =>
          http.post('/api/password/reset').send({ token, password });
      const a = someone();
      const live = newLink(a.userId);
      await api
        .given(...account(a.userId, a.email, issued(a.email, live.tokenHash)))
        .when(reset(newLink(a.userId).token))
        .then(invalid);
      const b = someone();
      const expired = newLink(b.userId);
      await api
        .given(...account(b.userId, b.email, issued(b.email, expired.tokenHash, PAST)))
        .when(reset(expired.token))
        .then(invalid);
      const c = someone();
      const first = newLink(c.userId);
      const second = newLink(c.userId);
      await api
        .given(
          ...account(c.userId, c.email, issued(c.email, first.tokenHash), issued(c.email, second.tokenHash)),
        )
        .when(reset(first.token))
        .then(invalid);
      const d = someone();
      const spent = newLink(d.userId);
      await api
        .given(
          ...account(d.userId, d.email, issued(d.email, spent.tokenHash), {
            type: 'PasswordReset',
            data: { passwordHash: 'x' },
          }),
        )
        .when(reset(spent.token))
        .then(invalid);
      const e = someone();
      const fine = newLink(e.userId);
      await api
        .given(...account(e.userId, e.email, issued(e.email, fine.tokenHash)))
        .when(reset(fine.token, '123'))
        .then({ status: 400, body: { message: 'Password must be at least 6 characters' }, newEvents: {} });
    });
  });

  describe('POST /api/user/password', () => {
    it('needs the current password; refused, it appends nothing', async () => {
      const { userId, email } = someone();
      const current = await hashPassword('current-pass-1');
      const given = [
        existingStream(claimStream(email), [{ type: 'EmailClaimed', data: { email, userId } }]),
        existingStream(accountStream(userId), [
          { type: 'UserRegistered', data: { userId, name: 'Ada', email, passwordHash: current } },
        ]),
      ];
      await api
        .given(...given)
        .signedInAs(userId)
        .when((http) =>
          http.post('/api/user/password').send({ currentPassword: 'guess-123', newPassword: 'brand-new-7' }),
        )
        .then({ status: 400, body: { message: CREDENTIAL_MESSAGES.wrongCurrentPassword }, newEvents: {} });
      await api
        .given()
        .when((http) =>
          http
            .post('/api/user/password')
            .send({ currentPassword: 'current-pass-1', newPassword: 'brand-new-7' }),
        )
        .then({ status: 401, newEvents: {} });
      await api
        .given()
        .signedInAs(userId)
        .when((http) =>
          http.post('/api/user/password').send({ currentPassword: 'current-pass-1', newPassword: 'new' }),
        )
        .then({ status: 400, body: { message: 'Password must be at least 6 characters' }, newEvents: {} });
      await api
        .given()
        .signedInAs(userId)
        .when((http) =>
          http
            .post('/api/user/password')
            .send({ currentPassword: 'current-pass-1', newPassword: 'brand-new-7' }),
        )
        .then({
          status: 200,
          body: { id: userId, message: CREDENTIAL_MESSAGES.passwordChanged },
          newEvents: {
            [accountStream(userId)]: [
              { type: 'PasswordChanged', data: { passwordHash: expect.stringMatching(/^\$argon2id\$/) } },
            ],
          },
        });
    });
  });
});
