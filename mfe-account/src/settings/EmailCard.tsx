// Settings: whether the address is verified, and a new verification link on demand.
import { Alert, Badge, Button, Card, theme, toast, type User } from '@studio/kit';
import { useMutation } from '@tanstack/react-query';
import { resendVerification } from '../api/credentials';
import { toastFailure } from '../api/error-text';
import { SECURITY } from '../texts';

export function EmailCard({ user }: { user: User }) {
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: (reply) => toast({ title: SECURITY.resent, description: reply.message, variant: 'success' }),
    onError: (error) => toastFailure(SECURITY.resendFailed, error),
  });
  return (
    <Card title={SECURITY.emailTitle} headingLevel={2} data-testid="email-card">
      <p
        css={{
          display: 'flex',
          gap: 8,
          alignItems: 'center',
          flexWrap: 'wrap',
          fontSize: theme.fontSizes.sm,
        }}
      >
        <span css={{ overflowWrap: 'anywhere' }}>{user.email}</span>
        <Badge tone={user.emailVerified ? 'success' : 'warning'}>
          {user.emailVerified ? SECURITY.verified : SECURITY.unverified}
        </Badge>
      </p>
      {!user.emailVerified && (
        <>
          <Alert tone="info">{SECURITY.unverifiedText}</Alert>
          <div>
            <Button variant="outline" onClick={() => resend.mutate()} disabled={resend.isPending}>
              {resend.isPending ? SECURITY.resending : SECURITY.resend}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
