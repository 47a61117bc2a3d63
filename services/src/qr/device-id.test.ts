import { DEVICE_ID, deviceCookie, deviceIdOf, networkOf, newDeviceId } from './device-id';

describe('device ids', () => {
  it('are 22 base64url characters, all different', () => {
    const ids = new Set(Array.from({ length: 1000 }, newDeviceId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(DEVICE_ID);
  });

  it('are read from the cookie header only when well formed', () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv';
    expect(deviceIdOf(`a=1; qr_device=${id}; b=2`)).toBe(id);
    expect(deviceIdOf(`qr_device=${id}`)).toBe(id);
    for (const header of [
      '',
      'qr_device=',
      `xqr_device=${id}`,
      `qr_device=${id}x`,
      'qr_device=../../x',
      `qr_device="${id}"`,
    ])
      expect(deviceIdOf(header)).toBeUndefined();
  });

  it('are kept until the UTC day ends', () => {
    expect(deviceCookie('x', new Date('2026-11-28T23:00:00Z'), false)).toBe(
      'qr_device=x; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(deviceCookie('x', new Date('2026-11-28T23:59:59.500Z'), true)).toBe(
      'qr_device=x; Max-Age=60; Path=/; HttpOnly; SameSite=Lax; Secure',
    );
  });
});

describe('networkOf', () => {
  it('keeps an IPv4 address whole and groups IPv6 by /64', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::ffff')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('')).toBe('');
  });
});
