// Settings: a new password, given the current one. Every other session ends; this one goes on.
import { changePasswordRequest, fieldErrors } from '@studio/events/requests';
import { ApiError, Button, Card, theme, toast } from '@studio/kit';
import { Field, Input, useFormErrors } from '@studio/kit/widgets';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { changePassword } from '../api/credentials';
import { errorText } from '../api/error-text';
import { SECURITY } from '../texts';

interface Values {
  currentPassword: string;
  newPassword: string;
}
const EMPTY: Values = { currentPassword: '', newPassword: '' };

export function PasswordCard() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [refused, setRefused] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const current = useRef<HTMLInputElement>(null);
  const { errors, check, recheck, reset } = useFormErrors<Values>((v) =>
    fieldErrors(changePasswordRequest, v),
  );
  const change = useMutation({
    mutationFn: () => changePassword(values.currentPassword, values.newPassword),
    onSuccess: (reply) => {
      toast({ title: SECURITY.changed, description: reply.message, variant: 'success' });
      setValues(EMPTY);
      reset();
    },
    onError: (error) => {
      // A wrong current password belongs under its field, with focus there.
      if (error instanceof ApiError && error.status === 400) {
        setRefused(error.detail);
        current.current?.focus();
        return;
      }
      toast({ title: SECURITY.changeFailed, description: errorText(error, ''), variant: 'destructive' });
    },
  });
  const set = (key: keyof Values) => (value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    recheck(next);
    if (key === 'currentPassword') setRefused(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(undefined);
    if (change.isPending || !check(values, form.current)) return;
    change.mutate();
  };
  return (
    <Card title={SECURITY.passwordTitle} headingLevel={2}>
      <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{SECURITY.passwordText}</p>
      <form
        ref={form}
        noValidate
        onSubmit={submit}
        aria-label={SECURITY.change}
        css={{ display: 'grid', gap: 16, maxWidth: 420 }}
      >
        <Field label={SECURITY.currentPassword} error={errors.currentPassword ?? refused}>
          <Input
            ref={current}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(e) => set('currentPassword')(e.target.value)}
          />
        </Field>
        <Field label={SECURITY.newPassword} error={errors.newPassword}>
          <Input
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={(e) => set('newPassword')(e.target.value)}
          />
        </Field>
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? SECURITY.changing : SECURITY.change}
          </Button>
        </div>
      </form>
    </Card>
  );
}
