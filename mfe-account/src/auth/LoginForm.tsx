import { fieldErrors, loginRequest } from '@studio/events/requests';
import { Button, theme, useAuth } from '@studio/kit';
import { Field, Input, useFormErrors } from '@studio/kit/widgets';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { AUTH } from '../texts';

interface LoginValues {
  email: string;
  password: string;
}

export function LoginForm() {
  const { loginMutation } = useAuth();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const { errors, check, recheck } = useFormErrors((v) => fieldErrors(loginRequest, v));
  const form = useRef<HTMLFormElement>(null);

  const set = (key: keyof LoginValues) => (value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    recheck(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (loginMutation.isPending || !check(values, form.current)) return;
    loginMutation.mutate({ email: values.email.trim(), password: values.password });
  };

  return (
    <form ref={form} noValidate onSubmit={submit} aria-label="Log in" css={{ display: 'grid', gap: 16 }}>
      <Field label={AUTH.email} error={errors.email}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
        />
      </Field>
      <Field label={AUTH.password} error={errors.password}>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => set('password')(e.target.value)}
        />
      </Field>
      <Button type="submit" size="lg" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? AUTH.loggingIn : AUTH.logInButton}
      </Button>
      <Link to="/forgot-password" css={{ fontSize: theme.fontSizes.sm, justifySelf: 'start' }}>
        {AUTH.forgotPassword}
      </Link>
    </form>
  );
}
