// Registration collects a card (docs/product/accounts-billing-admin.md (Screens and routes: Sign-in)) to deter duplicate accounts; it is not charged.
// The form asks the collector for a payment method id just before it registers.
export interface CollectedCard {
  paymentMethodId?: string;
  /** A message for the card field (the provider's, else one of docs/product/accounts-billing-admin.md (Validation)). */
  error?: string;
}

export type CardCollector = () => Promise<CollectedCard>;

/** Simulated mode: nothing to collect. */
export const noCardNeeded: CardCollector = async () => ({});
