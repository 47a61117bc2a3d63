// The secret of a mailed link rides in the address's fragment (`#token=…`): the browser never sends
// a fragment to a server, so no access log or proxy keeps it.
export function linkToken(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token ? token : undefined;
}
