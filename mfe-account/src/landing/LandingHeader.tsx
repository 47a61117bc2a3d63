// Fixed header of the landing page (docs/product/accounts-billing-admin.md (Screens and routes: Landing page)): section anchors, help, Log In, Get Started,
// and a menu toggle below 768 px that shows the same links.
import { Badge, buttonStyles, EARLY_ACCESS_LABEL, signInPath, theme } from '@studio/kit';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { HomeLink } from '../common/HomeLink';
import { LinkButton } from '../common/LinkButton';
import { LANDING } from '../texts';

export const LANDING_HEADER_HEIGHT_PX = 64;

const linkCss = {
  color: theme.colors.text,
  textDecoration: 'none',
  fontSize: theme.fontSizes.sm,
  fontWeight: 600,
  padding: '8px 10px',
  borderRadius: theme.radii.sm,
  '&:hover': { background: theme.colors.surfaceMuted },
  '&:focus-visible': theme.focusRing,
} as const;

export function LandingHeader() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  // Escape closes the menu and gives focus back to the toggle.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);
  const links = (
    <>
      {LANDING.nav.map((item) => (
        <a key={item.href} href={item.href} css={linkCss} onClick={close}>
          {item.label}
        </a>
      ))}
      <Link to="/help-support-page" css={linkCss} onClick={close}>
        {LANDING.help}
      </Link>
    </>
  );

  return (
    <header
      css={{
        position: 'fixed',
        inset: '0 0 auto 0',
        zIndex: theme.zIndex.topBar,
        background: 'rgba(255, 255, 255, 0.96)',
        borderBottom: `1px solid ${theme.colors.border}`,
        backdropFilter: 'blur(6px)',
      }}
    >
      <div
        css={{
          height: LANDING_HEADER_HEIGHT_PX,
          maxWidth: 1200,
          margin: '0 auto',
          padding: '0 clamp(12px, 3vw, 24px)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 12,
        }}
      >
        <div css={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
          <HomeLink />
          <span css={{ display: 'inline-flex', [theme.media.mobile]: { display: 'none' } }}>
            <Badge tone="primary">{EARLY_ACCESS_LABEL}</Badge>
          </span>
        </div>
        <nav
          aria-label="Sections"
          css={{ display: 'flex', alignItems: 'center', gap: 2, [theme.media.mobile]: { display: 'none' } }}
        >
          {links}
        </nav>
        <div css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <div css={{ display: 'flex', gap: 8, [theme.media.mobile]: { display: 'none' } }}>
            <LinkButton to="/auth" variant="ghost" size="sm">
              {LANDING.logIn}
            </LinkButton>
            <LinkButton to={signInPath(undefined, 'register')} size="sm">
              {LANDING.getStarted}
            </LinkButton>
          </div>
          <button
            ref={toggle}
            type="button"
            aria-expanded={open}
            aria-controls="landing-mobile-menu"
            aria-label={open ? LANDING.menuClose : LANDING.menuOpen}
            onClick={() => setOpen((value) => !value)}
            css={{ ...buttonStyles('ghost', 'icon'), [theme.media.desktop]: { display: 'none' } }}
          >
            {open ? <X aria-hidden /> : <Menu aria-hidden />}
          </button>
        </div>
      </div>
      {open && (
        <nav
          id="landing-mobile-menu"
          aria-label="Menu"
          css={{
            display: 'grid',
            gap: 4,
            padding: '8px 16px 16px',
            borderTop: `1px solid ${theme.colors.border}`,
            background: theme.colors.surface,
            [theme.media.desktop]: { display: 'none' },
          }}
        >
          {links}
          <div css={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, marginTop: 8 }}>
            <LinkButton to="/auth" variant="outline">
              {LANDING.logIn}
            </LinkButton>
            <LinkButton to={signInPath(undefined, 'register')}>{LANDING.getStarted}</LinkButton>
          </div>
        </nav>
      )}
    </header>
  );
}
