import { fieldErrors, loginRequest } from '@studio/events/requests';
import { theme, useAuth } from '@studio/kit';
import { Link } from 'react-router-dom';
import { CheckedForm, SubmitButton } from '../common/CheckedForm';
import { TextField } from '../common/TextField';
import { useAccountForm } from '../common/use-account-form';
import { AUTH } from '../texts';

export function LoginForm() {
  const { loginMutation } = useAuth();
  const login = useAccountForm({ email: '', password: '' }, (v) => fieldErrors(loginRequest, v));
  const { values } = login;

  const busy = loginMutation.isPending;

  return (
    <CheckedForm
      form={login}
      label="Log in"
      busy={busy}
      onValid={() => loginMutation.mutate({ email: values.email.trim(), password: values.password })}
    >
      <TextField form={login} name="email" label={AUTH.email} type="email" autoComplete="email" />
      <TextField
        form={login}
        name="password"
        label={AUTH.password}
        type="password"
        autoComplete="current-password"
      />
      <SubmitButton size="lg" busy={busy} label={AUTH.logInButton} busyLabel={AUTH.loggingIn} />
      <Link to="/forgot-password" css={{ fontSize: theme.fontSizes.sm, justifySelf: 'start' }}>
        {AUTH.forgotPassword}
      </Link>
    </CheckedForm>
  );
}
