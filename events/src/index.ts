export * from './account';
export * from './account-api';
export * from './ai-usage';
export * from './book-length';
export * from './brand';
export * from './credits';
export * from './envelope';
export * from './generation';
export * from './generation-progress';
export * from './generation-status';
export * from './newsletter';
export * from './part-versions';
export * from './picture-parts';
export * from './qr';
export * from './qr-api';
export * from './streams';
export * from './styles';
export * from './subscription';
export * from './upcasting';

import type { AccountEvent, EmailClaimed } from './account';
import type { CreditsEvent } from './credits';
import type { GenerationEvent, GenerationRequested, GenerationResumeRequested } from './generation';
import type { NewsletterEvent } from './newsletter';
import type { QrEvent, QrUploadEvent } from './qr';
import type { StyleEvent } from './styles';
import type { SubscriptionEvent } from './subscription';

/** Everything that may be appended to `account-{userId}`. */
export type AccountStreamEvent =
  | AccountEvent
  | CreditsEvent
  | SubscriptionEvent
  | GenerationRequested
  | GenerationResumeRequested;

/** Every event type of the product. */
export type DomainEvent =
  | AccountStreamEvent
  | EmailClaimed
  | GenerationEvent
  | QrEvent
  | QrUploadEvent
  | StyleEvent
  | NewsletterEvent;
export type DomainEventType = DomainEvent['type'];
export * from './plans';
export * from './tool-catalog';
export * from './tools';
