// /verify-email#token=…: the mailed verification link's page. It verifies on opening (once), then
// says so; a link that does not work offers a new one (signed in) or to log in for one.
import { Alert, Button, Spinner, signInPath, toast, useAuth } from '@studio/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { resendVerification, verifyEmail } from '../api/credentials';
import { errorText, toastFailure } from '../api/error-text';
import { refreshAccountData } from '../api/queries';
import { FramedPage } from '../common/FramedPage';
import { LinkButton } from '../common/LinkButton';
import { Page } from '../common/Page';
import { linkToken } from '../password/link-token';
import { SECURITY, VERIFY } from '../texts';

export default function VerifyEmailPage() {
  const token = linkToken(useLocation().hash);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => refreshAccountData(queryClient),
  });
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: (reply) => toast({ title: SECURITY.resent, description: reply.message, variant: 'success' }),
    onError: (error) => toastFailure(SECURITY.resendFailed, error),
  });
  // Once per link (not again on a re-render), and again for another link opened in this tab.
  const asked = useRef<string>(undefined);
  const { mutate } = verify;
  useEffect(() => {
    if (!token || asked.current === token) return;
    asked.current = token;
    mutate(token);
  }, [token, mutate]);

  let body: ReactNode;
  if (verify.isSuccess) {
    body = (
      <>
        <Alert tone="success" title={VERIFY.done}>
          {verify.data.message}
        </Alert>
        <div>
          <LinkButton to={user ? '/dashboard' : '/auth'}>
            {user ? VERIFY.goToDashboard : VERIFY.logIn}
          </LinkButton>
        </div>
      </>
    );
  } else if (verify.isError || !token) {
    body = (
      <>
        <Alert tone="danger" title={VERIFY.failed}>
          {verify.isError ? errorText(verify.error, VERIFY.noToken) : VERIFY.noToken}
        </Alert>
        <div>
          {user ? (
            <Button onClick={() => resend.mutate()} disabled={resend.isPending}>
              {resend.isPending ? SECURITY.resending : VERIFY.sendNew}
            </Button>
          ) : (
            <LinkButton to={signInPath('/settings')}>{VERIFY.logInToResend}</LinkButton>
          )}
        </div>
      </>
    );
  } else {
    body = <Spinner size={24} label={VERIFY.verifying} />;
  }
  return (
    <FramedPage>
      <Page title={VERIFY.pageTitle} maxWidth={560}>
        {body}
      </Page>
    </FramedPage>
  );
}
