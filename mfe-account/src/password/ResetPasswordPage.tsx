// /reset-password#token=…: the mailed reset link's page. A new password, typed twice; on success
// every session of the account has ended, so the page leads to Log In.
import { fieldErrors, resetPasswordRequest } from '@studio/events/requests';
import { Alert, Card, theme } from '@studio/kit';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { resetPassword } from '../api/credentials';
import { errorText } from '../api/error-text';
import { CheckedForm, SubmitButton } from '../common/CheckedForm';
import { LinkButton } from '../common/LinkButton';
import { Page } from '../common/Page';
import { PublicPage } from '../common/PublicPage';
import { TextField } from '../common/TextField';
import { useAccountForm } from '../common/use-account-form';
import { RESET } from '../texts';
import { linkToken } from './link-token';

interface Values {
  password: string;
  repeat: string;
}

const passwordOnly = resetPasswordRequest.pick(['password']);
const validate = (values: unknown) => {
  const { password, repeat } = values as Values;
  const found: Partial<Record<keyof Values, string>> = fieldErrors(passwordOnly, { password });
  if (!found.password && repeat !== password) found.repeat = RESET.mismatch;
  return found;
};

export default function ResetPasswordPage() {
  const token = linkToken(useLocation().hash);
  const fields = useAccountForm<Values>({ password: '', repeat: '' }, validate);
  const reset = useMutation({ mutationFn: (password: string) => resetPassword(token ?? '', password) });

  const askAgain = (
    <LinkButton to="/forgot-password" variant="outline">
      {RESET.askAgain}
    </LinkButton>
  );
  let body: ReactNode;
  if (!token) {
    body = (
      <>
        <Alert tone="danger">{RESET.noToken}</Alert>
        <div>{askAgain}</div>
      </>
    );
  } else if (reset.isSuccess) {
    body = (
      <>
        <Alert tone="success" title={RESET.done}>
          {reset.data.message}
        </Alert>
        <div>
          <LinkButton to="/auth">{RESET.logIn}</LinkButton>
        </div>
      </>
    );
  } else {
    body = (
      <CheckedForm
        form={fields}
        label={RESET.pageTitle}
        busy={reset.isPending}
        onValid={() => reset.mutate(fields.values.password)}
      >
        {reset.isError && (
          <div css={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
            <Alert tone="danger">{errorText(reset.error, RESET.noToken)}</Alert>
            {askAgain}
          </div>
        )}
        <TextField
          form={fields}
          name="password"
          label={RESET.password}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          form={fields}
          name="repeat"
          label={RESET.repeat}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton size="lg" busy={reset.isPending} label={RESET.submit} busyLabel={RESET.saving} />
      </CheckedForm>
    );
  }

  return (
    <PublicPage>
      <Page title={RESET.pageTitle} intro={RESET.intro} maxWidth={560}>
        <Card>
          {body}
          <Link to="/auth" css={{ fontSize: theme.fontSizes.sm, justifySelf: 'start' }}>
            {RESET.logIn}
          </Link>
        </Card>
      </Page>
    </PublicPage>
  );
}
