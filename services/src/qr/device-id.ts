import { randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';

/**
 * A first-party random id for the scanning device, kept by the browser in a cookie that the
 * redirect and the landing page set and every later scan sends back: thirty phones on one school
 * network are thirty visitors, a phone rescanning is one. It identifies nothing but the device for
 * one UTC day (the cookie ends at midnight UTC, when visitors are counted afresh), and the server
 * never stores it: it is hashed with the code under the day's salt like an address was.
 */
export const DEVICE_COOKIE = 'qr_device';
/** 16 random bytes in base64url. Anything else in the cookie is ignored and replaced. */
export const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

const COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([^;]*)`);

/** The device id a request carries, or undefined (none, or not one this server could have made). */
export function deviceIdOf(cookieHeader: string): string | undefined {
  if (!cookieHeader) return undefined;
  const value = COOKIE_VALUE.exec(cookieHeader)?.[1]?.trim();
  return value && DEVICE_ID.test(value) ? value : undefined;
}

/** Ids come from a pool of random bytes refilled now and then: a scan costs a slice, not a syscall. */
const POOL_IDS = 256;
let pool = Buffer.alloc(0);
let used = POOL_IDS;
export function newDeviceId(): string {
  if (used >= POOL_IDS) {
    pool = randomBytes(16 * POOL_IDS);
    used = 0;
  }
  const id = pool.subarray(used * 16, (used + 1) * 16).toString('base64url');
  used += 1;
  return id;
}

const DAY_S = 24 * 60 * 60;

/** The Set-Cookie value keeping `id` on this site until the UTC day ends (at least a minute). */
export function deviceCookie(id: string, now: Date, secure: boolean): string {
  const left = DAY_S - Math.floor((now.getTime() / 1000) % DAY_S);
  return `${DEVICE_COOKIE}=${id}; Max-Age=${Math.max(left, 60)}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The network an address belongs to, for the ceilings a whole network shares: an IPv4 address is
 * its own (a school or a venue behind one NAT), an IPv6 address its /64 (one household or phone is
 * handed a whole /64, so counting single addresses would let one client be thousands).
 */
export function networkOf(address: string): string {
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
