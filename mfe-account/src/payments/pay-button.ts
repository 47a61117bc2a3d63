// The pay button's label is long ('Subscribe to Premium - $99.99/month'): let it wrap on phones
// instead of widening the page (the kit's buttons do not wrap).
export const wrappingButton = {
  whiteSpace: 'normal',
  height: 'auto',
  minHeight: 48,
  paddingBlock: 10,
  lineHeight: 1.3,
  textAlign: 'center',
} as const;
