import { signInPath, theme } from '@studio/kit';
import { ArrowRight } from 'lucide-react';
import { LinkButton } from '../common/LinkButton';
import { LANDING } from '../texts';
import { DemoVideo } from './DemoVideo';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      css={{
        display: 'grid',
        gap: 32,
        alignItems: 'center',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(420px, 100%), 1fr))',
      }}
    >
      <div css={{ display: 'grid', gap: 20, minWidth: 0 }}>
        <h1
          id="hero-title"
          css={{ fontSize: 'clamp(32px, 6vw, 52px)', fontWeight: 800, lineHeight: 1.1, letterSpacing: -0.5 }}
        >
          {LANDING.headline}
        </h1>
        <p css={{ fontSize: theme.fontSizes.lg, color: theme.colors.textMuted }}>{LANDING.tagline}</p>
        <div>
          <LinkButton to={signInPath(undefined, 'register')} size="lg">
            {LANDING.startCreating}
            <ArrowRight aria-hidden />
          </LinkButton>
        </div>
      </div>
      <DemoVideo />
    </section>
  );
}
