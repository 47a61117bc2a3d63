// The numbers and messages of the request rules (spec 01 §5), without yup: screens that only
// print a message or a limit import this (`@studio/events/rules`) and never load the schema
// library; the kit re-exports the limits and must stay out of yup's way too.
export const NAME_MIN_LENGTH = 2;
export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 200;
export const PHONE_MAX_LENGTH = 40;

/** spec 01 §5 validation texts, word for word. */
export const ACCOUNT_MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email',
  password: 'Password must be at least 6 characters',
} as const;

export const BILLING_MESSAGES = { plan: 'Plan must be basic, standard or premium' } as const;

export const ADMIN_MESSAGES = {
  userId: 'userId is required',
  tier: 'Tier must be Demo, Basic, Standard or Premium',
  paidTier: 'Choose a paid tier',
  creditsNumber: 'Credits must be a number',
  creditsWhole: 'Credits must be a whole number',
  creditsNegative: 'Credits cannot be negative',
} as const;
