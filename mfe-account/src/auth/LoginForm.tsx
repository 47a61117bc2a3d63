import { fieldErrors, loginRequest } from '@studio/events/requests';
import { Button, theme, useAuth } from '@studio/kit';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../common/TextField';
import { useAccountForm } from '../common/use-account-form';
import { AUTH } from '../texts';

export function LoginForm() {
  const { loginMutation } = useAuth();
  const login = useAccountForm({ email: '', password: '' }, (v) => fieldErrors(loginRequest, v));
  const { values } = login;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (loginMutation.isPending || !login.valid()) return;
    loginMutation.mutate({ email: values.email.trim(), password: values.password });
  };

  return (
    <form
      ref={login.form}
      noValidate
      onSubmit={submit}
      aria-label="Log in"
      css={{ display: 'grid', gap: 16 }}
    >
      <TextField form={login} name="email" label={AUTH.email} type="email" autoComplete="email" />
      <TextField
        form={login}
        name="password"
        label={AUTH.password}
        type="password"
        autoComplete="current-password"
      />
      <Button type="submit" size="lg" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? AUTH.loggingIn : AUTH.logInButton}
      </Button>
      <Link to="/forgot-password" css={{ fontSize: theme.fontSizes.sm, justifySelf: 'start' }}>
        {AUTH.forgotPassword}
      </Link>
    </form>
  );
}
