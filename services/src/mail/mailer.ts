import {
  accountStream,
  type DomainEvent,
  PLAN_TERMS,
  type RecordedEvent,
  streamCategory,
  streamId,
  upgradeCredits,
} from '@studio/events';
import { RESET_LINK_HOURS, VERIFICATION_LINK_HOURS } from '@studio/events/rules';
import { accountDecider } from '../account/decider';
import { type Link, newLink } from '../account/links';
import type { AccountState } from '../account/state';
import type { Clock } from '../platform/clock';
import type { CommandHandler } from '../platform/command-handler';
import type { MailMessage, MailSender } from '../platform/mail/port';
import type { Doc, ReadStore } from '../platform/readstore/port';
import type { Reactor } from '../platform/runners/reactor';
import type { RetryPolicy } from '../platform/runners/retry-policy';
import type { Rendered } from './layout';
import { planChangedMessage, receiptMessage, resetPasswordMessage, verifyEmailMessage } from './messages';

/** One record per event mailed: handling the event again (a restart, a retry) sends nothing twice. */
export const SENT_MAIL = 'sent_mail';
interface SentMailDoc extends Doc {
  kind: string;
  sentAt: string;
}

/**
 * A mail server that is away for a while must not cost a message: about four minutes of tries
 * (1, 2, 4 … 32 s, then 60 s), then the event is parked for an admin to send again.
 */
export const MAIL_RETRY: RetryPolicy = { maxAttempts: 10, baseDelayMs: 1000, maxDelayMs: 60_000 };

const HANDLES = [
  'UserRegistered',
  'EmailVerificationRequested',
  'PasswordResetRequested',
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'PlanChanged',
  'PlanChangeScheduled',
] as const;

type Handled = Extract<DomainEvent, { type: (typeof HANDLES)[number] }>;

export interface MailerDeps {
  commands: CommandHandler;
  readStore: ReadStore;
  clock: Clock;
  sender: MailSender;
  /** Where the links in messages point: PUBLIC_URL, or the server's own address. */
  linkBase: string;
  /** The Message-ID's right-hand side. */
  domain: string;
}

const hoursFrom = (now: Date, hours: number) => new Date(now.getTime() + hours * 3600_000).toISOString();

/**
 * The mailer: a reactor on the account streams that mails what the events call for (verify your
 * address, reset your password, a receipt, a plan changed). A request only appends its event; the
 * mail follows from the log, tried again with backoff while the server is away, so no request
 * waits for or fails with the mail server, and no domain change is lost with a message.
 * At least once: a message is recorded as sent after the server took it, so a crash in between
 * sends it again (with the same Message-ID).
 *
 * A link's secret exists only here, in memory, and in the message: the mailer makes it, records
 * its hash on the account (`…Issued`), then sends. A retry of the same event reuses the secret it
 * made while that link is still the live one; after a restart it makes a new one, which replaces
 * the old (the account keeps one live link of each purpose).
 */
export function mailer(deps: MailerDeps): Reactor {
  const { commands, readStore, clock, sender, linkBase, domain } = deps;
  const sent = readStore.collection<SentMailDoc>(SENT_MAIL);
  let unsent: { eventId: string; link: Link } | undefined;

  const load = async (userId: string) => (await commands.load(accountStream(userId), accountDecider)).state;

  /** The event's link: the one made for it before (a retry) if still live, else a new one recorded. */
  async function linkFor(
    event: RecordedEvent,
    state: AccountState,
    purpose: 'verification' | 'reset',
  ): Promise<Link | undefined> {
    const live = purpose === 'verification' ? state.verificationLink : state.resetLink;
    if (unsent?.eventId === event.eventId && live?.tokenHash === unsent.link.tokenHash) return unsent.link;
    const link = newLink(state.userId);
    const now = clock.now();
    const { events } = await commands.handle(
      accountStream(state.userId),
      accountDecider,
      purpose === 'verification'
        ? {
            type: 'IssueEmailVerification',
            tokenHash: link.tokenHash,
            expiresAt: hoursFrom(now, VERIFICATION_LINK_HOURS),
          }
        : {
            type: 'IssuePasswordReset',
            tokenHash: link.tokenHash,
            expiresAt: hoursFrom(now, RESET_LINK_HOURS),
          },
      {
        at: now.toISOString(),
        correlationId: event.metadata.correlationId,
        causationId: event.eventId,
        userId: state.userId,
      },
    );
    // Verified meanwhile: there is no link to send.
    if (events.length === 0) return undefined;
    unsent = { eventId: event.eventId, link };
    return link;
  }

  /** What the event calls for, or undefined when nothing is to be mailed. */
  async function compose(event: RecordedEvent<Handled>, state: AccountState): Promise<Rendered | undefined> {
    const name = state.name;
    switch (event.type) {
      case 'UserRegistered':
      case 'EmailVerificationRequested': {
        if (state.emailVerified) return undefined;
        const link = await linkFor(event, state, 'verification');
        return link && verifyEmailMessage(name, `${linkBase}/verify-email#token=${link.token}`);
      }
      case 'PasswordResetRequested': {
        const link = await linkFor(event, state, 'reset');
        return link && resetPasswordMessage(name, `${linkBase}/reset-password#token=${link.token}`);
      }
      case 'SubscriptionActivated':
      case 'SubscriptionRenewed': {
        const { planId, amountPaid, paymentRef } = event.data;
        // Only a payment gets a receipt (an admin's testing tool records none).
        if (amountPaid === undefined) return undefined;
        const renewsAt = event.data.periodEnd;
        return receiptMessage(name, {
          planId,
          renewal: event.type === 'SubscriptionRenewed',
          amountPaid,
          credits: PLAN_TERMS[planId].credits,
          paidAt: event.metadata.occurredAt,
          paymentRef,
          ...(renewsAt ? { renewsAt } : {}),
        });
      }
      case 'PlanChanged': {
        const { fromPlanId, toPlanId, amountPaid, paymentRef, renewsAt } = event.data;
        return planChangedMessage(name, {
          kind: 'upgrade',
          from: fromPlanId,
          to: toPlanId,
          amountPaid,
          credits: upgradeCredits(fromPlanId, toPlanId, amountPaid),
          paymentRef,
          ...(renewsAt ? { renewsAt } : {}),
        });
      }
      case 'PlanChangeScheduled': {
        const { fromPlanId, toPlanId, renewsAt } = event.data;
        if (fromPlanId === toPlanId) return undefined;
        return planChangedMessage(name, {
          kind: 'downgrade',
          from: fromPlanId,
          to: toPlanId,
          ...(renewsAt ? { renewsAt } : {}),
        });
      }
    }
  }

  return {
    name: 'mailer',
    handles: HANDLES,
    retry: MAIL_RETRY,
    startsAtLogEnd: true,
    async handle(recorded) {
      if (streamCategory(recorded.streamName) !== 'account') return;
      if (await sent.get(recorded.eventId)) return;
      const event = recorded as RecordedEvent<Handled>;
      const state = await load(streamId(recorded.streamName));
      if (!state.registered) return;
      const rendered = await compose(event, state);
      if (!rendered) return;
      // A link message carries its link in the id: a later message with a new link is no copy.
      const variant = unsent?.eventId === event.eventId ? `.${unsent.link.tokenHash.slice(0, 12)}` : '';
      const message: MailMessage = {
        to: state.email,
        ...rendered,
        messageId: `${event.eventId}${variant}@${domain}`,
      };
      await sender.send(message);
      await sent.put({ _id: event.eventId, kind: event.type, sentAt: clock.now().toISOString() });
      if (unsent?.eventId === event.eventId) unsent = undefined;
    },
  };
}
