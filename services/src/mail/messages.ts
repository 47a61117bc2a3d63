import { PLAN_TERMS, type PlanId, PRODUCT_NAME } from '@studio/events';
import { RESET_LINK_HOURS, VERIFICATION_LINK_HOURS } from '@studio/events/rules';
import { dollars, longDate, type Rendered, render } from './layout';

// The four messages the product mails, in the product's words (docs/product/accounts-billing-admin.md (Messages)).

export function verifyEmailMessage(name: string, url: string): Rendered {
  return render({
    subject: `Verify your email address for ${PRODUCT_NAME}`,
    name,
    paragraphs: [
      `Please confirm that this address is yours. Your account works without it, but some features (such as admin rights) need a verified address.`,
    ],
    action: { label: 'Verify my email address', url },
    after: [
      `The link works for ${VERIFICATION_LINK_HOURS} hours, once. If you did not create an account, ignore this message: nothing happens without the link.`,
    ],
  });
}

export function resetPasswordMessage(name: string, url: string): Rendered {
  return render({
    subject: `Reset your ${PRODUCT_NAME} password`,
    name,
    paragraphs: ['Someone (we hope you) asked to reset the password of your account.'],
    action: { label: 'Choose a new password', url },
    after: [
      `The link works for ${RESET_LINK_HOURS} hour, once; a newer link replaces it. Resetting signs you out everywhere.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
  });
}

export interface Receipt {
  planId: PlanId;
  renewal: boolean;
  amountPaid: number;
  credits: number;
  paidAt: string;
  paymentRef: string;
  renewsAt?: string;
}

export function receiptMessage(name: string, receipt: Receipt): Rendered {
  const plan = PLAN_TERMS[receipt.planId];
  return render({
    subject: `Your receipt: ${plan.name} plan, ${dollars(receipt.amountPaid)}`,
    name,
    paragraphs: [
      receipt.renewal
        ? `Your ${plan.name} plan has renewed for another month. Thank you! Here is your receipt.`
        : `Thank you for subscribing to the ${plan.name} plan. Here is your receipt.`,
    ],
    rows: [
      ['Plan', `${plan.name} (monthly)`],
      ['Amount paid', dollars(receipt.amountPaid)],
      ['Credits added', String(receipt.credits)],
      ['Date', longDate(receipt.paidAt)],
      ['Reference', receipt.paymentRef],
      ...(receipt.renewsAt ? ([['Renews on', longDate(receipt.renewsAt)]] as Array<[string, string]>) : []),
    ],
    after: ['Keep this message for your records. There is no refund once credits are used.'],
  });
}

export type PlanChange =
  | {
      kind: 'upgrade';
      from: PlanId;
      to: PlanId;
      amountPaid: number;
      credits: number;
      paymentRef: string;
      renewsAt?: string;
    }
  | { kind: 'downgrade'; from: PlanId; to: PlanId; renewsAt?: string };

export function planChangedMessage(name: string, change: PlanChange): Rendered {
  const from = PLAN_TERMS[change.from];
  const to = PLAN_TERMS[change.to];
  const monthly = `${dollars(to.price)} and get ${to.credits} credits a month`;
  if (change.kind === 'upgrade') {
    const renewal = change.renewsAt ? longDate(change.renewsAt) : 'your renewal date';
    return render({
      subject: `Your plan is now ${to.name}`,
      name,
      paragraphs: [
        `Your plan changed from ${from.name} to ${to.name}. It applies now, with its extra credits for the rest of this month.`,
        `Your renewal date stays ${renewal}: from then on you pay ${monthly}.`,
      ],
      rows: [
        ['Charged now', `${dollars(change.amountPaid)} (the difference for the rest of this month)`],
        ['Credits added now', String(change.credits)],
        ['Reference', change.paymentRef],
      ],
    });
  }
  const when = change.renewsAt ? `on ${longDate(change.renewsAt)}` : 'at your next renewal';
  return render({
    subject: `Your plan changes to ${to.name} ${when}`,
    name,
    paragraphs: [
      `You chose ${to.name} instead of ${from.name}. Nothing is charged or refunded now.`,
      `You keep ${from.name} and your credits until the change ${when}. From then on you pay ${monthly}.`,
      `Changed your mind? Choose ${from.name} again on the pricing page before then.`,
    ],
  });
}
