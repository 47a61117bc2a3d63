// The error every failed call throws: its text is "{status}: {message}" (docs/product/accounts-billing-admin.md (API)).

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The server's message alone, without the status prefix (for toasts). */
    readonly detail: string,
  ) {
    super(`${status}: ${detail}`);
  }
}

/**
 * The message is the JSON `message` field, else its `error` field, else the whole JSON text;
 * for a non-JSON body it is the raw text, and for an empty body the status text.
 */
export function errorDetail(bodyText: string, statusText: string): string {
  if (!bodyText) return statusText;
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return bodyText;
  }
  if (json && typeof json === 'object') {
    const { message, error } = json as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
  }
  return bodyText;
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, errorDetail(text, res.statusText));
}
