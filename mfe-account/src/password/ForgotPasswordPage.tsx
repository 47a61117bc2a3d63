// /forgot-password: the address to mail a reset link to. The answer is the same whether or not an
// account uses the address, so the page only ever says to look in the inbox.
import { fieldErrors, forgotPasswordRequest } from '@studio/events/requests';
import { Alert, Button, Card, theme } from '@studio/kit';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { forgotPassword } from '../api/credentials';
import { errorText } from '../api/error-text';
import { Page } from '../common/Page';
import { PublicPage } from '../common/PublicPage';
import { TextField } from '../common/TextField';
import { useAccountForm } from '../common/use-account-form';
import { FORGOT } from '../texts';

export default function ForgotPasswordPage() {
  const forgot = useAccountForm({ email: '' }, (v) => fieldErrors(forgotPasswordRequest, v));
  const send = useMutation({ mutationFn: forgotPassword });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || !forgot.valid()) return;
    send.mutate(forgot.values.email.trim());
  };

  return (
    <PublicPage>
      <Page title={FORGOT.pageTitle} intro={FORGOT.intro} maxWidth={560}>
        <Card>
          {send.isSuccess ? (
            <Alert tone="success" title={FORGOT.checkInbox}>
              {send.data.message}
            </Alert>
          ) : (
            <form
              ref={forgot.form}
              noValidate
              onSubmit={submit}
              aria-label={FORGOT.pageTitle}
              css={{ display: 'grid', gap: 16 }}
            >
              {send.isError && <Alert tone="danger">{errorText(send.error, FORGOT.failed)}</Alert>}
              <TextField form={forgot} name="email" label={FORGOT.email} type="email" autoComplete="email" />
              <Button type="submit" size="lg" disabled={send.isPending}>
                {send.isPending ? FORGOT.sending : FORGOT.submit}
              </Button>
            </form>
          )}
          <Link to="/auth" css={{ fontSize: theme.fontSizes.sm, justifySelf: 'start' }}>
            {FORGOT.backToLogin}
          </Link>
        </Card>
      </Page>
    </PublicPage>
  );
}
