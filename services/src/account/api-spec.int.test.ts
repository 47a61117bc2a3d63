import { accountStream } from '@studio/events';
import { newId } from '../platform/ids';
import { apiSpecification, existingStream } from '../testing/api-spec';
import { claimStream } from './email-claims';

const api = apiSpecification({ inMemory: true });

/** An account and its email claim, as registration leaves them. */
const registered = (userId: string, email: string) => [
  existingStream(claimStream(email), [{ type: 'EmailClaimed', data: { email, userId } }]),
  existingStream(accountStream(userId), [
    {
      type: 'UserRegistered',
      data: { userId, name: 'Ada Lovelace', email, passwordHash: 'not-a-real-hash' },
    },
  ]),
];

describe('account API: given events, when a request, then the response and the new events', () => {
  describe('POST /api/register', () => {
    it('claims the address and registers the account, with a hash instead of the password', async () => {
      await api
        .given()
        .when((http) =>
          http
            .post('/api/register')
            .send({ name: 'Grace Hopper', email: ' Grace@Example.com ', password: 'cobol-1959' }),
        )
        .then({
          status: 201,
          body: { name: 'Grace Hopper', email: 'grace@example.com', credits: 0 },
          newEvents: (response) => ({
            [claimStream('grace@example.com')]: [
              { type: 'EmailClaimed', data: { email: 'grace@example.com', userId: response.body.id } },
            ],
            [accountStream(response.body.id)]: [
              {
                type: 'UserRegistered',
                data: {
                  userId: response.body.id,
                  name: 'Grace Hopper',
                  email: 'grace@example.com',
                  passwordHash: expect.stringMatching(/^\$argon2id\$/),
                },
              },
            ],
          }),
        });
    });

    it('refuses an address already claimed, whatever its case, and appends nothing', async () => {
      const email = `taken-${newId().toLowerCase()}@example.com`;
      await api
        .given(...registered(newId(), email))
        .when((http) =>
          http
            .post('/api/register')
            .send({ name: 'Someone Else', email: email.toUpperCase(), password: 'secret12' }),
        )
        .then({ status: 409, body: { message: 'An account with this email already exists' }, newEvents: {} });
    });

    it('refuses a short password with 400 and appends nothing', async () => {
      await api
        .given()
        .when((http) =>
          http.post('/api/register').send({ name: 'Short', email: 'short@example.com', password: '12345' }),
        )
        .then({ status: 400, body: { message: 'Password must be at least 6 characters' }, newEvents: {} });
    });
  });

  describe('PUT /api/user/profile', () => {
    it("updates the signed-in user's own profile", async () => {
      const userId = newId();
      await api
        .given(...registered(userId, `${userId.toLowerCase()}@example.com`))
        .signedInAs(userId)
        .when((http) =>
          http.put('/api/user/profile').send({ name: ' Ada King ', phoneNumber: '+44 20 7946 0000' }),
        )
        .then({
          status: 200,
          body: { id: userId, name: 'Ada King', phoneNumber: '+44 20 7946 0000' },
          newEvents: {
            [accountStream(userId)]: [
              { type: 'ProfileUpdated', data: { name: 'Ada King', phoneNumber: '+44 20 7946 0000' } },
            ],
          },
        });
    });

    it('refuses a request without a session with 401 and appends nothing', async () => {
      const userId = newId();
      await api
        .given(...registered(userId, `${userId.toLowerCase()}@example.com`))
        .when((http) => http.put('/api/user/profile').send({ name: 'Mallory' }))
        .then({ status: 401, newEvents: {} });
    });

    it('refuses a one-letter name with 400 and appends nothing', async () => {
      const userId = newId();
      await api
        .given(...registered(userId, `${userId.toLowerCase()}@example.com`))
        .signedInAs(userId)
        .when((http) => http.put('/api/user/profile').send({ name: 'A' }))
        .then({ status: 400, body: { message: 'Name must be at least 2 characters' }, newEvents: {} });
    });
  });
});
