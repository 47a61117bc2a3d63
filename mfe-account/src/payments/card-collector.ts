// Registration collects a card (spec 01 §2.3) to deter duplicate accounts; it is not charged.
// The form asks the collector for a payment method id just before it registers.
export interface CollectedCard {
  paymentMethodId?: string;
  /** A message for the card field (the provider's, else one of spec 01 §5). */
  error?: string;
}

export type CardCollector = () => Promise<CollectedCard>;

/** Simulated mode: nothing to collect. */
export const noCardNeeded: CardCollector = async () => ({});
