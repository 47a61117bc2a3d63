// Footer: Terms of Service and Privacy Policy (empty targets, as in the spec) and a Contact mailto.
import { PRODUCT_NAME, theme } from '@studio/kit';
import { LANDING, SUPPORT_MAILTO } from '../texts';

const linkCss = {
  color: theme.colors.textMuted,
  fontSize: theme.fontSizes.sm,
  '&:hover': { color: theme.colors.text },
  '&:focus-visible': theme.focusRing,
} as const;

export function LandingFooter() {
  return (
    <footer
      css={{
        borderTop: `1px solid ${theme.colors.border}`,
        padding: '24px clamp(16px, 4vw, 32px)',
        background: theme.colors.surface,
      }}
    >
      <div
        css={{
          maxWidth: 1100,
          margin: '0 auto',
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 12,
        }}
      >
        <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
        <nav aria-label="Footer" css={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          {/* The spec's targets are empty: the links stay on this page. */}
          <a href="#top" css={linkCss}>
            {LANDING.footer.terms}
          </a>
          <a href="#top" css={linkCss}>
            {LANDING.footer.privacy}
          </a>
          <a href={SUPPORT_MAILTO} css={linkCss}>
            {LANDING.footer.contact}
          </a>
        </nav>
      </div>
    </footer>
  );
}
