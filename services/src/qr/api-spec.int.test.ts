import { accountStream, qrStream } from '@studio/events';
import { newId } from '../platform/ids';
import { apiSpecification, existingStream } from '../testing/api-spec';
import { newQrId } from './qr-id';

const api = apiSpecification({ inMemory: true });

const account = (userId: string) =>
  existingStream(accountStream(userId), [
    {
      type: 'UserRegistered',
      data: { userId, name: 'Quinn', email: `${userId.toLowerCase()}@example.com`, passwordHash: 'x' },
    },
  ]);

/** A direct code of `userId`'s pointing at example.com. */
const code = (qrId: string, userId: string) =>
  existingStream(qrStream(qrId), [
    {
      type: 'QrCodeCreated',
      data: {
        qrId,
        userId,
        title: 'Shop',
        url: 'https://example.com/shop',
        linkType: 'direct',
        trackingEnabled: true,
        encodedUrl: `http://127.0.0.1/r/${qrId}`,
      },
    },
  ]);

describe('QR code routes: given events, when a request, then the response and the new events', () => {
  it('creates a direct code for the signed-in user', async () => {
    const userId = newId();
    await api
      .given(account(userId))
      .signedInAs(userId)
      .when((http) =>
        http.post('/api/qr-codes').send({
          title: 'Menu',
          linkType: 'direct',
          url: 'https://example.com/menu',
          trackingEnabled: false,
        }),
      )
      .then({
        status: 201,
        body: { success: true, qrCode: { title: 'Menu', url: 'https://example.com/menu' } },
        newEvents: (response) => ({
          [qrStream(response.body.qrCode.id)]: [
            {
              type: 'QrCodeCreated',
              data: {
                qrId: response.body.qrCode.id,
                userId,
                title: 'Menu',
                url: 'https://example.com/menu',
                linkType: 'direct',
                trackingEnabled: false,
                encodedUrl: expect.stringMatching(new RegExp(`/r/${response.body.qrCode.id}$`)),
              },
            },
          ],
        }),
      });
  });

  it('refuses a direct code without an address with 400 and appends nothing', async () => {
    const userId = newId();
    await api
      .given(account(userId))
      .signedInAs(userId)
      .when((http) =>
        http.post('/api/qr-codes').send({ title: 'Menu', linkType: 'direct', trackingEnabled: true }),
      )
      .then({ status: 400, newEvents: {} });
  });

  it("renames the owner's code", async () => {
    const [userId, qrId] = [newId(), newQrId()];
    await api
      .given(account(userId), code(qrId, userId))
      .signedInAs(userId)
      .when((http) => http.put(`/api/qr-codes/${qrId}`).send({ title: 'Shop window' }))
      .then({
        status: 200,
        body: { success: true, qrCode: { id: qrId, title: 'Shop window' } },
        newEvents: { [qrStream(qrId)]: [{ type: 'QrCodeUpdated', data: { qrId, title: 'Shop window' } }] },
      });
  });

  it("answers another user's code as not found and appends nothing", async () => {
    const [owner, intruder, qrId] = [newId(), newId(), newQrId()];
    await api
      .given(account(owner), account(intruder), code(qrId, owner))
      .signedInAs(intruder)
      .when((http) => http.put(`/api/qr-codes/${qrId}`).send({ title: 'Mine now' }))
      .then({ status: 404, newEvents: {} });
  });

  it("refuses to delete another user's code and appends nothing", async () => {
    const [owner, intruder, qrId] = [newId(), newId(), newQrId()];
    await api
      .given(account(owner), account(intruder), code(qrId, owner))
      .signedInAs(intruder)
      .when((http) => http.delete(`/api/qr-codes/${qrId}`))
      .then({ status: 404, newEvents: {} });
  });
});
