// QR codes as their owner makes and reads them over HTTP, for the QR suites.
import type request from 'supertest';

/** A code created by its signed-in owner (201 expected); its id. */
export async function createQrCode(owner: request.Agent, body: object): Promise<string> {
  const res = await owner.post('/api/qr-codes').send(body);
  expect(res.status).toBe(201);
  return res.body.qrCode.id as string;
}

/** A code's analytics as its owner reads them. */
export async function qrAnalytics<Analytics>(owner: request.Agent, id: string): Promise<Analytics> {
  return (await owner.get(`/api/qr-codes/${id}/analytics`)).body.analytics as Analytics;
}
