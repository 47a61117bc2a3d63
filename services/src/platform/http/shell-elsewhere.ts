// The shell deployed on its own static service (SHELL_URL): this server still sends the page, since
// only it can sign the page's styles with the response's CSP nonce and share an origin with /api
// and the session cookie, but every file of the shell comes from the shell's origin. The page is
// the shell's own index.html, read from that service and kept for a few seconds, with its
// root-relative addresses (scripts, preloads, icon) pointed at the shell's origin. The shell is
// built with publicPath 'auto', so the chunks it loads later follow main.js there.

export interface ShellElsewhere {
  /** The shell's public address (browsers load its files from here). */
  url: string;
  /** Where this server reads index.html (inside a compose network: `http://shell:8080`). */
  fetchUrl: string;
}

/** A page is re-read at most this often: a new shell release is served within seconds. */
const FRESH_MS = 5_000;

/** `src="/x"` and `href="/x"` (not `//host`) pointed at the shell's origin. */
export function addressedAt(html: string, origin: string): string {
  return html.replace(/(\s(?:src|href)=["'])\/(?!\/)/gi, `$1${origin}/`);
}

/**
 * The shell's page, revalidated by ETag at most every few seconds; when the shell's service
 * does not answer, the last page read (its files may still be cached by browsers) or null.
 */
export function shellPageFrom(
  shell: ShellElsewhere,
  fetchPage: typeof fetch = fetch,
  now: () => number = Date.now,
): () => Promise<string | null> {
  const origin = new URL(shell.url).origin;
  let kept: { html: string; etag: string | null; readAt: number } | null = null;
  let pending: Promise<string | null> | null = null;
  const read = async (): Promise<string | null> => {
    try {
      const response = await fetchPage(`${shell.fetchUrl.replace(/\/+$/, '')}/index.html`, {
        headers: kept?.etag ? { 'If-None-Match': kept.etag } : {},
        signal: AbortSignal.timeout(3_000),
      });
      if (response.status === 304 && kept) kept = { ...kept, readAt: now() };
      else if (response.ok)
        kept = {
          html: addressedAt(await response.text(), origin),
          etag: response.headers.get('etag'),
          readAt: now(),
        };
    } catch {
      // Unreachable for now: serve the page last read, if any.
    }
    return kept?.html ?? null;
  };
  return async () => {
    if (kept && now() - kept.readAt < FRESH_MS) return kept.html;
    pending ??= read().finally(() => {
      pending = null;
    });
    return pending;
  };
}
