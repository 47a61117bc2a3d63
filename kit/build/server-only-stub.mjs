// Stands in for `cookie` and `set-cookie-parser` in browser bundles: react-router imports them at
// the top of its shared chunk for server-side cookies and sessions (createCookie, single fetch),
// which a declarative-mode browser app never calls. Dropping them saves ~2 KB gz of the shell's
// first load; a call would mean that assumption broke, so it fails loudly.
const serverOnly = (name) => () => {
  throw new Error(`${name} is server-only and not bundled for the browser`);
};
export const parse = serverOnly('cookie.parse');
export const serialize = serverOnly('cookie.serialize');
export const splitCookiesString = serverOnly('set-cookie-parser');
