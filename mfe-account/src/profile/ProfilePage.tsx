// /profile, 'My Profile' (docs/product/accounts-billing-admin.md (Screens and routes: Profile)), plus the credit history.
import { Alert, Button, Card, DEFAULT_TIER, theme, useAuth } from '@studio/kit';
import { Skeleton } from '@studio/kit/widgets';
import { useState } from 'react';
import { useCurrentUser } from '../api/queries';
import { longDate } from '../common/format';
import { Page } from '../common/Page';
import { PROFILE } from '../texts';
import { CreditHistoryCard } from './CreditHistoryCard';
import { ProfileEditForm } from './ProfileEditForm';
import { UserAvatar } from './UserAvatar';

export default function ProfilePage() {
  const { user: sessionUser } = useAuth();
  const current = useCurrentUser();
  const user = current.data ?? sessionUser;
  const [editing, setEditing] = useState(false);

  return (
    <Page title={PROFILE.pageTitle} maxWidth={820}>
      {current.isError && <Alert tone="danger">{PROFILE.loadError}</Alert>}
      <Card>
        {!user ? (
          <Skeleton height={120} />
        ) : (
          <div css={{ display: 'grid', gap: 20 }}>
            <div css={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
              <UserAvatar name={user.name} src={user.avatar} />
              <div css={{ minWidth: 0 }}>
                {/* The card's heading: the member it describes. */}
                <h2
                  css={{ margin: 0, fontSize: theme.fontSizes.xl, fontWeight: 800, overflowWrap: 'anywhere' }}
                >
                  {user.name}
                </h2>
                <p css={{ color: theme.colors.textMuted, overflowWrap: 'anywhere' }}>{user.email}</p>
              </div>
            </div>
            <dl
              css={{
                display: 'grid',
                gap: 16,
                margin: 0,
                gridTemplateColumns: 'repeat(auto-fit, minmax(min(220px, 100%), 1fr))',
              }}
            >
              {(
                [
                  [PROFILE.fullName, user.name],
                  [PROFILE.penName, current.data?.penName || PROFILE.noPenName],
                  [PROFILE.email, user.email],
                  [PROFILE.plan, user.subscriptionTier || DEFAULT_TIER],
                  [PROFILE.createdAt, longDate(user.createdAt, PROFILE.notAvailable)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} css={{ display: 'grid', gap: 2, minWidth: 0 }}>
                  <dt css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted, fontWeight: 600 }}>
                    {label}
                  </dt>
                  <dd css={{ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>{value}</dd>
                </div>
              ))}
            </dl>
            {editing ? (
              <ProfileEditForm user={user} onDone={() => setEditing(false)} />
            ) : (
              <div>
                <Button variant="outline" onClick={() => setEditing(true)}>
                  {PROFILE.updateProfile}
                </Button>
              </div>
            )}
          </div>
        )}
      </Card>
      <CreditHistoryCard />
    </Page>
  );
}
