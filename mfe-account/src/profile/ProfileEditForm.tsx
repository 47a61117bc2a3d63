// Update Profile: the user's name, phone number and pen name, validated with the registration rules
// (the request schema PUT /api/user/profile parses with), saved with a toast that says so.

import { fieldErrors, updateProfileRequest } from '@studio/events/requests';
import { apiJson, Button, toast, USER_QUERY_KEY } from '@studio/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastFailure } from '../api/error-text';
import { CURRENT_USER_KEY } from '../api/queries';
import { CheckedForm } from '../common/CheckedForm';
import { TextField } from '../common/TextField';
import { useAccountForm } from '../common/use-account-form';
import { PROFILE } from '../texts';

/** What the form starts from: the profile as the page shows it. */
export interface EditableProfile {
  name: string;
  phoneNumber?: string;
  penName?: string;
}

export function ProfileEditForm({ user, onDone }: { user: EditableProfile; onDone: () => void }) {
  const queryClient = useQueryClient();
  const profile = useAccountForm(
    { name: user.name, phoneNumber: user.phoneNumber ?? '', penName: user.penName ?? '' },
    (v) => fieldErrors(updateProfileRequest, v),
  );
  const save = useMutation({
    mutationFn: (input: typeof profile.values) => apiJson<EditableProfile>('PUT', '/api/user/profile', input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      ]);
      toast({ title: PROFILE.updated, variant: 'success' });
      onDone();
    },
    onError: (error) => toastFailure(PROFILE.updateFailed, error),
  });
  return (
    <CheckedForm
      form={profile}
      label={PROFILE.updateProfile}
      busy={save.isPending}
      onValid={() => save.mutate(profile.values)}
      gap={12}
    >
      <TextField form={profile} name="name" label={PROFILE.fullName} autoComplete="name" />
      <TextField form={profile} name="phoneNumber" label={PROFILE.phone} type="tel" autoComplete="tel" />
      <TextField
        form={profile}
        name="penName"
        label={PROFILE.penName}
        hint={PROFILE.penNameHint}
        autoComplete="off"
      />
      <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button type="submit" disabled={save.isPending}>
          {PROFILE.save}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {PROFILE.cancel}
        </Button>
      </div>
    </CheckedForm>
  );
}
