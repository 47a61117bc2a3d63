// The server's own message for a toast: ApiError.detail without the "{status}: " prefix.
import { ApiError } from '@studio/kit';

export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.detail || fallback;
  if (error instanceof Error) return error.message || fallback;
  return fallback;
}
