import { accountStream } from '@studio/events';
import { newId } from '../platform/ids';
import { apiSpecification, existingStream } from '../testing/api-spec';

const api = apiSpecification({ inMemory: true });

/** A registered account holding `credits` from a plan purchase. */
const accountWith = (userId: string, credits: number) =>
  existingStream(accountStream(userId), [
    {
      type: 'UserRegistered',
      data: { userId, name: 'Tess', email: `${userId.toLowerCase()}@example.com`, passwordHash: 'x' },
    },
    { type: 'CreditsGranted', data: { amount: credits, reason: 'plan-purchase', planId: 'basic' } },
  ]);

describe('tool routes: given events, when a request, then the response and the new events', () => {
  it('image v2 requests the generation and debits its 6 credits', async () => {
    const userId = newId();
    await api
      .given(accountWith(userId, 10))
      .signedInAs(userId)
      .when((http) => http.post('/api/generate-image-v2').send({ prompt: ' a red kite ', userId }))
      .then({
        status: 202,
        body: { success: true, creditsUsed: 6, remainingCredits: 4 },
        newEvents: (response) => ({
          [accountStream(userId)]: [
            {
              type: 'CreditsDebited',
              data: {
                amount: 6,
                reason: 'generation',
                generationId: response.body.generationId,
                kind: 'image-v2',
              },
            },
            {
              type: 'GenerationRequested',
              data: {
                generationId: response.body.generationId,
                userId,
                kind: 'image-v2',
                input: { prompt: 'a red kite' },
                cost: 6,
                tier: 'Demo',
                author: 'Tess',
                requestedAt: expect.any(String),
              },
            },
          ],
        }),
      });
  });

  it.each([
    {
      refused: 'a request the balance cannot pay for',
      credits: 5,
      prompt: 'a red kite',
      status: 402,
      message: 'You need 6 credits. You currently have 5 credits.',
    },
    {
      refused: 'a blank prompt',
      credits: 10,
      prompt: '   ',
      status: 400,
      message: 'Prompt Required: Please enter a prompt for your image.',
    },
  ])('refuses $refused with $status and appends nothing', async ({ credits, prompt, status, message }) => {
    const userId = newId();
    await api
      .given(accountWith(userId, credits))
      .signedInAs(userId)
      .when((http) => http.post('/api/generate-image-v2').send({ prompt, userId }))
      .then({ status, body: { message }, newEvents: {} });
  });

  it("refuses to spend another user's credits and appends nothing", async () => {
    const [me, other] = [newId(), newId()];
    await api
      .given(accountWith(me, 10), accountWith(other, 10))
      .signedInAs(me)
      .when((http) => http.post('/api/generate-image-v2').send({ prompt: 'a red kite', userId: other }))
      .then({ status: 403, body: { message: "You can only access your own account's data" }, newEvents: {} });
  });

  it('refuses a request without a session with 401 and appends nothing', async () => {
    await api
      .given()
      .when((http) => http.post('/api/generate-image-v2').send({ prompt: 'a red kite' }))
      .then({ status: 401, newEvents: {} });
  });
});
