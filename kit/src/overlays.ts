// @studio/kit/overlays: Radix Dialog based components, a shared entry of its own so the shell loads
// them only when an overlay first opens (e.g. the mobile menu). Stateless, like widgets.
import './theme/bundler-nonce'; // first: sign injected <style> tags with the CSP nonce

export { Dialog, DialogClose, type DialogProps } from './components/Dialog';
export { Sheet, type SheetProps } from './components/Sheet';
