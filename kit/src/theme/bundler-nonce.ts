// Style tags that bundled libraries inject themselves (Radix's scroll lock, through
// react-style-singleton) are signed with the bundler's __webpack_nonce__. Every federated container
// has its own, so each kit entry imports this module and sets it in the container providing it.
import { cspNonce } from './csp-nonce';

declare let __webpack_nonce__: string | undefined;

const nonce = cspNonce();
if (nonce) __webpack_nonce__ = nonce;
