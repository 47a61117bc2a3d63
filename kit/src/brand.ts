// Product naming shown in the chrome (docs/product/accounts-billing-admin.md (What it does; Screens and routes: Layout): the product is labelled Early Access).
export { PRODUCT_NAME, SUPPORT_EMAIL } from '@studio/events/brand';
export const EARLY_ACCESS_LABEL = 'Early Access';
