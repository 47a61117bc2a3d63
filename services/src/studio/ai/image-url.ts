import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { ProviderError } from './provider';

/** Link-local, loopback, private, shared, multicast and unspecified ranges: never fetched. */
const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv6');

/** A private address, an IPv4 one written as IPv6 (`::ffff:10.0.0.1`) included. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  return PRIVATE.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

export interface ImageFetchLimits {
  /** The configured server's own origin: a link there is trusted whatever its address (a local server). */
  trustedOrigin?: string;
  maxBytes: number;
  timeoutMs: number;
  /** Redirects followed at most (each checked like the first link). */
  maxRedirects: number;
}

export const IMAGE_FETCH_LIMITS: ImageFetchLimits = {
  maxBytes: 20 * 1024 * 1024,
  timeoutMs: 30_000,
  maxRedirects: 3,
};

/**
 * A picture an OpenAI-compatible server answered as a link (what DALL·E models and many
 * compatible servers give without `response_format`), fetched as the server's own answer: http or
 * https only, a public address only (checked on the address actually connected to, so a name that
 * resolves elsewhere the second time is caught too) unless it is the configured server itself, at
 * most `maxBytes`, within `timeoutMs`, redirects followed only to links that pass the same checks.
 */
export async function fetchImageUrl(
  link: string,
  signal: AbortSignal,
  limits: ImageFetchLimits = IMAGE_FETCH_LIMITS,
): Promise<Buffer> {
  let url = link;
  for (let hop = 0; ; hop++) {
    const answer = await get(url, signal, limits);
    if ('location' in answer) {
      if (hop >= limits.maxRedirects) throw new ProviderError('The image link redirected too many times');
      url = new URL(answer.location, url).toString();
      continue;
    }
    return answer.body;
  }
}

function get(
  link: string,
  signal: AbortSignal,
  limits: ImageFetchLimits,
): Promise<{ body: Buffer } | { location: string }> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return Promise.reject(new ProviderError('The image service answered with a link that is not a URL'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new ProviderError(`The image service answered with a ${url.protocol} link`));
  const trusted = limits.trustedOrigin !== undefined && url.origin === limits.trustedOrigin;
  // An IP literal is connected to without a lookup: it is checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && !trusted && isPrivateAddress(literal))
    return Promise.reject(new ProviderError(`The image link points at a private address (${url.hostname})`));
  const lookup: net.LookupFunction = (hostname, options, callback) =>
    dns.lookup(hostname, { ...options, all: false }, (error, address, family) => {
      if (!error && !trusted && isPrivateAddress(address))
        return callback(new ProviderError(`The image link points at a private address (${hostname})`), '', 0);
      callback(error, address, family);
    });
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).get(
      url,
      { lookup, signal, timeout: limits.timeoutMs },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ location: response.headers.location });
        }
        if (status !== 200) {
          response.resume();
          return reject(new ProviderError(`The image link answered ${status}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            reject(new ProviderError(`The image behind the link is over ${limits.maxBytes} bytes`));
            request.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new ProviderError('The image link did not answer in time')));
    request.on('error', (error) =>
      reject(
        error instanceof ProviderError ? error : new ProviderError(`The image link failed: ${error.message}`),
      ),
    );
  });
}
