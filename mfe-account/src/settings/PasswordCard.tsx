// Settings: a new password, given the current one. Every other session ends; this one goes on.
import { changePasswordRequest, fieldErrors } from '@studio/events/requests';
import { ApiError, Card, theme, toast } from '@studio/kit';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { changePassword } from '../api/credentials';
import { toastFailure } from '../api/error-text';
import { CheckedForm, SubmitButton } from '../common/CheckedForm';
import { TextField } from '../common/TextField';
import { useAccountForm } from '../common/use-account-form';
import { SECURITY } from '../texts';

interface Values {
  currentPassword: string;
  newPassword: string;
}
const EMPTY: Values = { currentPassword: '', newPassword: '' };

export function PasswordCard() {
  const passwords = useAccountForm<Values>(EMPTY, (v) => fieldErrors(changePasswordRequest, v));
  const { values } = passwords;
  const [refused, setRefused] = useState<string>();
  const current = useRef<HTMLInputElement>(null);
  const change = useMutation({
    mutationFn: () => changePassword(values.currentPassword, values.newPassword),
    onSuccess: (reply) => {
      toast({ title: SECURITY.changed, description: reply.message, variant: 'success' });
      passwords.clear();
    },
    onError: (error) => {
      // A wrong current password belongs under its field, with focus there.
      if (error instanceof ApiError && error.status === 400) {
        setRefused(error.detail);
        current.current?.focus();
        return;
      }
      toastFailure(SECURITY.changeFailed, error);
    },
  });
  return (
    <Card title={SECURITY.passwordTitle} headingLevel={2}>
      <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{SECURITY.passwordText}</p>
      <CheckedForm
        form={passwords}
        label={SECURITY.change}
        busy={change.isPending}
        onAttempt={() => setRefused(undefined)}
        onValid={() => change.mutate()}
        maxWidth={420}
      >
        <TextField
          form={passwords}
          name="currentPassword"
          label={SECURITY.currentPassword}
          error={refused}
          ref={current}
          type="password"
          autoComplete="current-password"
          onInput={() => setRefused(undefined)}
        />
        <TextField
          form={passwords}
          name="newPassword"
          label={SECURITY.newPassword}
          type="password"
          autoComplete="new-password"
        />
        <div>
          <SubmitButton busy={change.isPending} label={SECURITY.change} busyLabel={SECURITY.changing} />
        </div>
      </CheckedForm>
    </Card>
  );
}
