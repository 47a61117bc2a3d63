// /auth (docs/product/accounts-billing-admin.md (Screens and routes: Sign-in)): Login and Register tabs, a benefits panel, the terms notice.
// A signed-in user goes on to where they were going (`?next=`, or the page that sent them here),
// else to /dashboard. `?tab=register` opens on the Register tab (Get Started, a plan chosen).
import { afterSignIn, Card, Spinner, TAB_PARAM, theme, useAuth } from '@studio/kit';
import { Tabs } from '@studio/kit/widgets';
import { type Location, Navigate, useLocation } from 'react-router-dom';
import { PublicPage } from '../common/PublicPage';
import { AUTH } from '../texts';
import { BenefitsPanel } from './BenefitsPanel';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

export default function AuthPage() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  const tab = new URLSearchParams(location.search).get(TAB_PARAM) === 'register' ? 'register' : 'login';

  if (isLoading) {
    return (
      <div css={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spinner size={40} label="Loading your session" />
      </div>
    );
  }
  if (user) return <Navigate to={afterSignIn(location.search, from)} replace />;

  return (
    <PublicPage>
      <div
        css={{
          maxWidth: 1040,
          margin: '0 auto',
          padding: 'clamp(16px, 4vw, 40px)',
          display: 'grid',
          gap: 24,
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(380px, 100%), 1fr))',
          alignItems: 'stretch',
        }}
      >
        <Card>
          <div css={{ display: 'grid', gap: 6 }}>
            <h1 css={{ fontSize: theme.fontSizes.xxl, fontWeight: 800 }}>{AUTH.pageTitle}</h1>
            <p css={{ color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }}>{AUTH.intro}</p>
          </div>
          <Tabs
            aria-label={AUTH.pageTitle}
            defaultValue={tab}
            items={[
              { value: 'login', label: AUTH.loginTab, content: <LoginForm /> },
              { value: 'register', label: AUTH.registerTab, content: <RegisterForm /> },
            ]}
          />
          <p css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>
            {AUTH.termsBefore}
            {/* The spec's terms and privacy targets are empty. */}
            <a href="#terms">{AUTH.terms}</a>
            {AUTH.termsAnd}
            <a href="#privacy">{AUTH.privacy}</a>
            {AUTH.termsAfter}
          </p>
        </Card>
        <BenefitsPanel />
      </div>
    </PublicPage>
  );
}
