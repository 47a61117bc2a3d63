// Product naming shown in the chrome (spec 01 §1, §2.2: the product is labelled Early Access).
export const PRODUCT_NAME = 'AI Book Studio';
export const EARLY_ACCESS_LABEL = 'Early Access';
