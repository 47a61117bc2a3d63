// /forgot-password: the address to mail a reset link to. The answer is the same whether or not an
// account uses the address, so the page only ever says to look in the inbox.
import { fieldErrors, forgotPasswordRequest } from '@studio/events/requests';
import { Alert, Button, Card, theme } from '@studio/kit';
import { Field, Input, useFormErrors } from '@studio/kit/widgets';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { forgotPassword } from '../api/credentials';
import { errorText } from '../api/error-text';
import { Page } from '../common/Page';
import { PublicPage } from '../common/PublicPage';
import { FORGOT } from '../texts';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const { errors, check, recheck } = useFormErrors((v) => fieldErrors(forgotPasswordRequest, v));
  const send = useMutation({ mutationFn: forgotPassword });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || !check({ email }, form.current)) return;
    send.mutate(email.trim());
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
              ref={form}
              noValidate
              onSubmit={submit}
              aria-label={FORGOT.pageTitle}
              css={{ display: 'grid', gap: 16 }}
            >
              {send.isError && <Alert tone="danger">{errorText(send.error, FORGOT.failed)}</Alert>}
              <Field label={FORGOT.email} error={errors.email}>
                <Input
                  name="email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    recheck({ email: e.target.value });
                  }}
                />
              </Field>
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
