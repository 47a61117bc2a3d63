// The landing page's refused signups, by reason: the owner learns what the spam protection turned
// away instead of losing readers silently.

import type { QrAnalytics } from '@studio/events';
import { theme } from '@studio/kit';
import { QR_TEXTS, REFUSAL_LABELS } from '../texts';

export function RefusedSignups({ refused }: { refused: QrAnalytics['refusedSignups'] }) {
  const reasons = (Object.keys(REFUSAL_LABELS) as Array<keyof typeof REFUSAL_LABELS>).filter(
    (reason) => (refused[reason] ?? 0) > 0,
  );
  return (
    <section aria-labelledby="qr-refused-title">
      <h4 id="qr-refused-title" css={{ margin: '0 0 4px' }}>
        {QR_TEXTS.refusedTitle}
      </h4>
      {reasons.length === 0 ? (
        <p css={{ margin: 0, color: theme.colors.textMuted }}>{QR_TEXTS.refusedNone}</p>
      ) : (
        <>
          <p css={{ margin: '0 0 6px', color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }}>
            {QR_TEXTS.refusedIntro}
          </p>
          <ul css={{ listStyle: 'none', padding: 0, margin: 0, fontSize: theme.fontSizes.sm }}>
            {reasons.map((reason) => (
              <li
                key={reason}
                data-refused={reason}
                css={{ display: 'flex', justifyContent: 'space-between', gap: 12, padding: '2px 0' }}
              >
                <span>{REFUSAL_LABELS[reason]}</span>
                <strong>{refused[reason]}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
