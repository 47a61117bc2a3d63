/** Links seen in the spec that no screen owns: they go to the current tool (docs/product/accounts-billing-admin.md (Screens and routes: Route table)). */
export const REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/create-book', to: '/non-fiction-gen2' },
  { from: '/image-generator', to: '/image-generator-v2' },
];
