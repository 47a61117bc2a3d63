// The server's own message for a toast: ApiError.detail without the "{status}: " prefix.
import { ApiError, toast } from '@studio/kit';

export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.detail || fallback;
  if (error instanceof Error) return error.message || fallback;
  return fallback;
}

/** A failure's toast: its title, and the server's message or the fallback. */
export function toastFailure(title: string, error: unknown, fallback = ''): void {
  toast({ title, description: errorText(error, fallback), variant: 'destructive' });
}
