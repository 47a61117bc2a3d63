import { theme } from '@studio/kit';
import { CheckCircle2 } from 'lucide-react';
import { LANDING } from '../texts';
import { Section } from './Section';

export function NonfictionSection() {
  return (
    <Section id="nonfiction-books" title={LANDING.nonfiction.title} intro={LANDING.nonfiction.intro}>
      <ul
        css={{
          listStyle: 'none',
          margin: '0 auto',
          padding: 0,
          display: 'grid',
          gap: 12,
          maxWidth: 640,
          width: '100%',
        }}
      >
        {LANDING.nonfiction.points.map((point) => (
          <li key={point} css={{ display: 'flex', gap: 10, alignItems: 'flex-start' }}>
            <CheckCircle2
              size={20}
              color={theme.colors.success}
              aria-hidden
              css={{ flexShrink: 0, marginTop: 2 }}
            />
            {point}
          </li>
        ))}
      </ul>
    </Section>
  );
}
