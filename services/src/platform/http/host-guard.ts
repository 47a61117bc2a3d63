import type Koa from 'koa';

/** Orchestrator probes reach the process by its container address, never by the public name. */
const PROBES = new Set(['/api/health', '/api/ready']);
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** `host` and `host:port`, the default port of the URL's protocol spelled out or not. */
function spellings(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const port = url.port || DEFAULT_PORTS[url.protocol];
  return [url.host, ...(port ? [`${url.hostname}:${port}`] : [])].map((h) => h.toLowerCase());
}

/** Whether a request's host (`ctx.host`) is one of the public addresses, in any spelling. */
export function knownHost(publicUrls: readonly string[]): (host: string) => boolean {
  const allowed = new Set(publicUrls.flatMap(spellings));
  return (host) => allowed.has(host.toLowerCase());
}

/**
 * Refuses a request addressed to a host that is not the public one (421): links, QR addresses and
 * checkout return URLs must never be built from a Host header an attacker chose, and a stray
 * DNS name pointed at the server must not serve the site. Behind a trusted proxy the forwarded
 * host is the one checked (`ctx.host` follows TRUST_PROXY). Health and readiness probes pass.
 */
export function knownHostOnly(publicUrls: readonly string[]): Koa.Middleware {
  const isKnown = knownHost(publicUrls);
  const publicHost = publicUrls.flatMap(spellings)[0];
  return async (ctx, next) => {
    if (!PROBES.has(ctx.path) && !isKnown(ctx.host)) {
      ctx.status = 421;
      ctx.body = {
        message: `This server answers only for ${publicHost}; check PUBLIC_URL or the proxy's Host header`,
        error: 'MISDIRECTED_REQUEST',
      };
      return;
    }
    await next();
  };
}
