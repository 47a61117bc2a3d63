// Update Profile: the user's name, phone number and pen name, validated with the registration rules
// (the request schema PUT /api/user/profile parses with), saved with a toast that says so.

import { fieldErrors, updateProfileRequest } from '@studio/events/requests';
import { apiJson, Button, toast, USER_QUERY_KEY } from '@studio/kit';
import { Field, Input, useFormErrors } from '@studio/kit/widgets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { errorText } from '../api/error-text';
import { CURRENT_USER_KEY } from '../api/queries';
import { PROFILE } from '../texts';

/** What the form starts from: the profile as the page shows it. */
export interface EditableProfile {
  name: string;
  phoneNumber?: string;
  penName?: string;
}

export function ProfileEditForm({ user, onDone }: { user: EditableProfile; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    name: user.name,
    phoneNumber: user.phoneNumber ?? '',
    penName: user.penName ?? '',
  });
  const { errors, check, recheck } = useFormErrors((v) => fieldErrors(updateProfileRequest, v));
  const form = useRef<HTMLFormElement>(null);
  const save = useMutation({
    mutationFn: (input: typeof values) => apiJson<EditableProfile>('PUT', '/api/user/profile', input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      ]);
      toast({ title: PROFILE.updated, variant: 'success' });
      onDone();
    },
    onError: (error) =>
      toast({ title: PROFILE.updateFailed, description: errorText(error, ''), variant: 'destructive' }),
  });
  const set = (key: keyof typeof values) => (value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    recheck(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || !check(values, form.current)) return;
    save.mutate(values);
  };
  return (
    <form
      ref={form}
      aria-label={PROFILE.updateProfile}
      onSubmit={submit}
      noValidate
      css={{ display: 'grid', gap: 12 }}
    >
      <Field label={PROFILE.fullName} error={errors.name}>
        <Input
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => set('name')(e.target.value)}
        />
      </Field>
      <Field label={PROFILE.phone} error={errors.phoneNumber}>
        <Input
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          value={values.phoneNumber}
          onChange={(e) => set('phoneNumber')(e.target.value)}
        />
      </Field>
      <Field label={PROFILE.penName} hint={PROFILE.penNameHint} error={errors.penName}>
        <Input
          name="penName"
          autoComplete="off"
          value={values.penName}
          onChange={(e) => set('penName')(e.target.value)}
        />
      </Field>
      <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button type="submit" disabled={save.isPending}>
          {PROFILE.save}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {PROFILE.cancel}
        </Button>
      </div>
    </form>
  );
}
