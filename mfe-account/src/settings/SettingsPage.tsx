// /settings (docs/product/accounts-billing-admin.md (Screens and routes: Settings)): billing by email, the address and the
// password, and Log Out.
import { Alert, Badge, Button, Card, DEFAULT_TIER, theme, useAuth, useSignOut } from '@studio/kit';
import { LogOut, Mail } from 'lucide-react';
import { useCurrentUser } from '../api/queries';
import { LinkButton } from '../common/LinkButton';
import { Page } from '../common/Page';
import { SETTINGS, SUPPORT_MAILTO } from '../texts';
import { EmailCard } from './EmailCard';
import { PasswordCard } from './PasswordCard';

export default function SettingsPage() {
  const { user: sessionUser } = useAuth();
  const current = useCurrentUser();
  const { signOut, isPending } = useSignOut();
  const user = current.data ?? sessionUser;

  return (
    <Page title={SETTINGS.pageTitle} maxWidth={820}>
      {current.isError && <Alert tone="danger">{SETTINGS.loadError}</Alert>}
      <Card title={SETTINGS.billingTitle} headingLevel={2}>
        <p css={{ display: 'flex', gap: 8, alignItems: 'center', fontSize: theme.fontSizes.sm }}>
          {SETTINGS.currentPlan}: <Badge tone="primary">{user?.subscriptionTier || DEFAULT_TIER}</Badge>
        </p>
        <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{SETTINGS.billingText}</p>
        <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button asChild variant="outline">
            <a href={SUPPORT_MAILTO}>
              <Mail aria-hidden />
              {SETTINGS.emailSupport}
            </a>
          </Button>
          <LinkButton to="/pricing" variant="ghost">
            {SETTINGS.viewPlans}
          </LinkButton>
        </div>
      </Card>
      {sessionUser && <EmailCard user={sessionUser} />}
      <PasswordCard />
      <Card title={SETTINGS.actionsTitle} headingLevel={2}>
        <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{SETTINGS.actionsText}</p>
        <div>
          <Button variant="destructive" onClick={signOut} disabled={isPending}>
            <LogOut aria-hidden />
            {SETTINGS.logOut}
          </Button>
        </div>
      </Card>
    </Page>
  );
}
