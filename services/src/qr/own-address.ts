/** What a direct code may not point at: this site's own code addresses (a redirect loop or chain). */
export const OWN_ADDRESS_MESSAGE = "A QR code cannot point at one of this site's QR code addresses";

/** Paths the public routes answer for a code (matched case-insensitively, as the router does). */
const CODE_PATH = /^\/+(r|qr-landing)(\/|$)/i;

/**
 * True when `target` is a code address (`/r/…`, `/qr-landing/…`) on one of `ownOrigins`' hosts.
 * The host is compared without scheme or port (a TLS proxy or a second port is the same site),
 * and the path after percent-decoding (`/%72/…` reaches `/r/…`).
 */
export function pointsAtOwnCode(target: string, ownOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  const host = bareHost(url.hostname);
  if (!ownOrigins.some((origin) => bareHost(new URL(origin).hostname) === host)) return false;
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape is compared as written.
  }
  return CODE_PATH.test(path);
}

/** `Example.com.` and `example.com` are one host. */
const bareHost = (hostname: string) => hostname.toLowerCase().replace(/\.$/, '');
