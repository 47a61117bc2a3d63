import { PRODUCT_NAME, theme } from '@studio/kit';
import { Sparkles } from 'lucide-react';
import { AUTH } from '../texts';

export function BenefitsPanel() {
  return (
    <aside
      aria-labelledby="benefits-title"
      css={{
        display: 'grid',
        alignContent: 'center',
        gap: 20,
        padding: 'clamp(20px, 4vw, 40px)',
        borderRadius: theme.radii.lg,
        color: '#fff',
        background: `linear-gradient(135deg, ${theme.colors.primary}, #2e2580)`,
      }}
    >
      <p css={{ fontWeight: 800, fontSize: theme.fontSizes.lg }}>{PRODUCT_NAME}</p>
      <h2 id="benefits-title" css={{ fontSize: theme.fontSizes.xl, fontWeight: 800 }}>
        {AUTH.benefitsTitle}
      </h2>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
        {AUTH.benefits.map((benefit) => (
          <li key={benefit} css={{ display: 'flex', gap: 10, alignItems: 'flex-start' }}>
            <Sparkles size={18} aria-hidden css={{ flexShrink: 0, marginTop: 3 }} />
            {benefit}
          </li>
        ))}
      </ul>
    </aside>
  );
}
