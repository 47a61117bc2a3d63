// What an admin tab's last run came to, kept under its button after the toast has gone.
import { Alert } from '@studio/kit';
import type { UseMutationResult } from '@tanstack/react-query';
import { errorText } from '../api/error-text';
import { TOASTS } from '../texts';

export interface RunOutcomeProps<T> {
  run: UseMutationResult<T, Error, void>;
  doneTitle: string;
  failedTitle: string;
  done: (reply: T) => string;
}

export function RunOutcome<T>({ run, doneTitle, failedTitle, done }: RunOutcomeProps<T>) {
  if (run.isSuccess)
    return (
      <Alert tone="success" title={doneTitle}>
        {done(run.data)}
      </Alert>
    );
  if (run.isError)
    return (
      <Alert tone="danger" title={failedTitle}>
        {errorText(run.error, TOASTS.genericFailed.description)}
      </Alert>
    );
  return null;
}
