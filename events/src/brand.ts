// The product's name and its support address: the screens' chrome and every message the server
// mails carry the same words (docs/product/accounts-billing-admin.md (What it does)).
export const PRODUCT_NAME = 'AI Book Studio';
export const SUPPORT_EMAIL = 'support@aibookstudio.example';
