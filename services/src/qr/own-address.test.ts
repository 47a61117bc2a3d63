import { pointsAtOwnCode } from './own-address';

describe('a code address of this site', () => {
  const origins = ['http://127.0.0.1:3000', 'https://studio.example'];

  it('is /r/… or /qr-landing/… on the public or the request’s host, whatever the scheme, port or case', () => {
    for (const target of [
      'https://studio.example/r/AbCdEfGhIjKl',
      'http://STUDIO.example./qr-landing/AbCdEfGhIjKl',
      'https://studio.example:8443//r/x',
      'http://127.0.0.1:3000/%72/x',
      'http://127.0.0.1/QR-LANDING/x',
      'https://studio.example/r',
    ])
      expect(pointsAtOwnCode(target, origins)).toBe(true);
  });

  it('is not another site, another page of this one, or a malformed address', () => {
    for (const target of [
      'https://other.example/r/x',
      'https://studio.example/pricing',
      'https://studio.example/rr/x',
      'https://studio.example/%E0%A4%A',
      'not a url',
    ])
      expect(pointsAtOwnCode(target, origins)).toBe(false);
  });
});
