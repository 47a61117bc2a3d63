// @studio/kit/overlays: Radix Dialog based components, a shared entry of its own so the shell loads
// them only when an overlay first opens (e.g. the mobile menu). Stateless, like widgets.
export { Dialog, DialogClose, type DialogProps } from './components/Dialog';
export { Sheet, type SheetProps } from './components/Sheet';
