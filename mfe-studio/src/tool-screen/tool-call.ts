// The tool calls of docs/product/creation-tools-qr.md (API) and the error texts of its Messages. The kit's client keeps only the message;
// the tools also need the error code (INSUFFICIENT_CREDITS) and whether the body was JSON at all.
import { readStoredUserId, USER_ID_HEADER } from '@studio/kit';

/** A failed call: what the screen needs to pick the spec's text. */
export class ToolCallError extends Error {
  override readonly name = 'ToolCallError';
  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The JSON body's message (else its error text); undefined when there is none. */
    readonly serverMessage: string | undefined,
    /** The JSON body's error code (e.g. INSUFFICIENT_CREDITS). */
    readonly code: string | undefined,
    /** False when the body was not JSON (a proxy page, an empty 502). */
    readonly json: boolean,
    /** A refusal the user may overrule: the request flag that goes on anyway (acceptSmallPhoto). */
    readonly override?: string,
  ) {
    super(serverMessage ?? `${status} ${statusText}`);
  }
}

const CODE = /^[A-Z][A-Z0-9_]+$/;

/** Reads a failed response into a ToolCallError (exported for tests). */
export function toolCallError(status: number, statusText: string, bodyText: string): ToolCallError {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return new ToolCallError(status, statusText, undefined, undefined, false);
  }
  const { message, error, override } = (body && typeof body === 'object' ? body : {}) as {
    message?: unknown;
    error?: unknown;
    override?: unknown;
  };
  const code = typeof error === 'string' && CODE.test(error) ? error : undefined;
  const text =
    typeof message === 'string' && message
      ? message
      : typeof error === 'string' && error && !code
        ? error
        : undefined;
  const flag = typeof override === 'string' && /^[a-zA-Z]{1,40}$/.test(override) ? override : undefined;
  return new ToolCallError(status, statusText, text, code, true, flag);
}

async function send<T>(method: string, url: string, body?: BodyInit, json = false): Promise<T> {
  const headers: Record<string, string> = {};
  const userId = readStoredUserId();
  if (userId) headers[USER_ID_HEADER] = userId;
  if (json) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, { method, headers, body, credentials: 'include' });
  const text = await res.text();
  if (!res.ok) throw toolCallError(res.status, res.statusText, text);
  return (text ? JSON.parse(text) : {}) as T;
}

export const postJson = <T>(url: string, data: unknown) => send<T>('POST', url, JSON.stringify(data), true);
/** Multipart (the kids book): the browser sets the boundary; the user id also travels as a header. */
export const postForm = <T>(url: string, form: FormData) => send<T>('POST', url, form);
export const getJson = <T>(url: string) => send<T>('GET', url);
export const putJson = <T>(url: string, data: unknown) => send<T>('PUT', url, JSON.stringify(data), true);

/**
 * docs/product/creation-tools-qr.md (Messages): the server's message; else, for a body that is not JSON, 'Server error: {status}
 * {statusText}' where the screen has that text; else the screen's fallback.
 */
export function failureText(error: unknown, fallback: string, withServerError = false): string {
  if (!(error instanceof ToolCallError)) return fallback;
  if (error.serverMessage) return error.serverMessage;
  if (!error.json && withServerError) return `Server error: ${error.status} ${error.statusText}`.trim();
  return fallback;
}

export const isInsufficientCredits = (error: unknown): boolean =>
  error instanceof ToolCallError && error.code === 'INSUFFICIENT_CREDITS';

/** The start response of docs/product/creation-tools-qr.md (Data). */
export interface StartResponse {
  success?: boolean;
  message?: string;
  error?: string;
  bookId?: string;
  generationId?: string;
  creditsUsed?: number;
  creditsDeducted?: number;
  remainingCredits?: number;
}

/** "Title: body" or "Title. body" (the spec writes its messages this way) as a toast's two lines. */
export function splitMessage(text: string, fallbackTitle: string): { title: string; body: string } {
  const match = /^([^.:]{3,40})[:.] (.+)$/s.exec(text);
  if (match?.[1] && match[2]) return { title: match[1], body: match[2] };
  return { title: fallbackTitle, body: text };
}
