// /forgot-password: the address to mail a reset link to. The answer is the same whether or not an
// account uses the address, so the page only ever says to look in the inbox.
import { fieldErrors, forgotPasswordRequest } from '@studio/events/requests';
import { Alert, Card, theme } from '@studio/kit';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { forgotPassword } from '../api/credentials';
import { errorText } from '../api/error-text';
import { CheckedForm, SubmitButton } from '../common/CheckedForm';
import { Page } from '../common/Page';
import { PublicPage } from '../common/PublicPage';
import { TextField } from '../common/TextField';
import { useAccountForm } from '../common/use-account-form';
import { FORGOT } from '../texts';

export default function ForgotPasswordPage() {
  const forgot = useAccountForm({ email: '' }, (v) => fieldErrors(forgotPasswordRequest, v));
  const send = useMutation({ mutationFn: forgotPassword });

  return (
    <PublicPage>
      <Page title={FORGOT.pageTitle} intro={FORGOT.intro} maxWidth={560}>
        <Card>
          {send.isSuccess ? (
            <Alert tone="success" title={FORGOT.checkInbox}>
              {send.data.message}
            </Alert>
          ) : (
            <CheckedForm
              form={forgot}
              label={FORGOT.pageTitle}
              busy={send.isPending}
              onValid={() => send.mutate(forgot.values.email.trim())}
            >
              {send.isError && <Alert tone="danger">{errorText(send.error, FORGOT.failed)}</Alert>}
              <TextField form={forgot} name="email" label={FORGOT.email} type="email" autoComplete="email" />
              <SubmitButton
                size="lg"
                busy={send.isPending}
                label={FORGOT.submit}
                busyLabel={FORGOT.sending}
              />
            </CheckedForm>
          )}
          <Link to="/auth" css={{ fontSize: theme.fontSizes.sm, justifySelf: 'start' }}>
            {FORGOT.backToLogin}
          </Link>
        </Card>
      </Page>
    </PublicPage>
  );
}
