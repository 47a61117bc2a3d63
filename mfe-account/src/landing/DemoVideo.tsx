// The hero's embedded demo (docs/product/accounts-billing-admin.md (Screens and routes: Landing page)). Nothing may load from the internet, so the demo is a
// short CSS animation drawn in place (no iframe, no video file, no script).
import { keyframes } from '@emotion/react';
import { theme } from '@studio/kit';
import { LANDING } from '../texts';

const STEPS = [
  { label: 'Step 1', title: 'Describe your book' },
  { label: 'Step 2', title: 'AI writes and illustrates it', progress: true },
  { label: 'Step 3', title: 'Download the PDF' },
] as const;
const CYCLE_S = 9;

const show = keyframes`0%{opacity:0}5%,30%{opacity:1}35%,100%{opacity:0}`;
const fill = keyframes`from{width:0}to{width:100%}`;

export function DemoVideo() {
  return (
    <figure css={{ margin: 0, display: 'grid', gap: 8, minWidth: 0 }}>
      <div
        role="img"
        aria-label={`${LANDING.demoTitle}: ${STEPS.map((s) => s.title).join(', ')}`}
        css={{
          position: 'relative',
          aspectRatio: '16 / 9',
          width: '100%',
          borderRadius: theme.radii.lg,
          overflow: 'hidden',
          boxShadow: theme.shadows.lg,
          background: '#1a1a2e',
          color: '#fff',
          fontFamily: 'system-ui, sans-serif',
        }}
      >
        {STEPS.map((step, index) => (
          <div
            key={step.label}
            aria-hidden
            css={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeContent: 'center',
              gap: 12,
              textAlign: 'center',
              opacity: 0,
              animation: `${show} ${CYCLE_S}s infinite`,
              animationDelay: `${(index * CYCLE_S) / STEPS.length}s`,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: index === 0 ? 1 : 0 },
            }}
          >
            <span
              css={{ fontSize: 13, letterSpacing: '.12em', textTransform: 'uppercase', color: '#b8b2ff' }}
            >
              {step.label}
            </span>
            <span css={{ fontSize: 'clamp(18px, 4vw, 26px)', fontWeight: 800 }}>{step.title}</span>
            {'progress' in step && (
              <span
                css={{
                  width: 220,
                  maxWidth: '60vw',
                  height: 8,
                  borderRadius: 8,
                  background: '#3a3a5e',
                  margin: '0 auto',
                  overflow: 'hidden',
                }}
              >
                <i
                  css={{
                    display: 'block',
                    height: '100%',
                    background: '#7c6ff5',
                    animation: `${fill} ${CYCLE_S / STEPS.length}s infinite`,
                    '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '60%' },
                  }}
                />
              </span>
            )}
          </div>
        ))}
      </div>
      <figcaption css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted, textAlign: 'center' }}>
        {LANDING.demoTitle}
      </figcaption>
    </figure>
  );
}
