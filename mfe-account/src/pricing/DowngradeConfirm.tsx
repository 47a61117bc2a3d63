// The question a downgrade asks before payment (pricing and the payment page): buying a lower plan
// replaces the higher one, so the user confirms, or keeps their plan.
import { Button, type Plan } from '@studio/kit';
import type { ReactNode } from 'react';
import { PRICING } from '../texts';

export interface DowngradeConfirmProps {
  plan: Plan;
  current: Plan;
  /** The way on once confirmed: a link to payment, or the checkout button. */
  confirm: (label: string) => ReactNode;
  onKeep: () => void;
}

export function DowngradeConfirm({ plan, current, confirm, onKeep }: DowngradeConfirmProps) {
  return (
    <fieldset
      aria-label={PRICING.downgrade(plan.name)}
      css={{ display: 'grid', gap: 8, border: 0, padding: 0, margin: 0, minWidth: 0 }}
    >
      <p css={{ fontSize: 14 }}>{PRICING.downgradeWarning(plan.name, current.name)}</p>
      <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {confirm(PRICING.confirmDowngrade(plan.name))}
        <Button variant="ghost" onClick={onKeep}>
          {PRICING.keepPlan(current.name)}
        </Button>
      </div>
    </fieldset>
  );
}
