/**
 * Domain errors carry a code; the HTTP layer maps codes to statuses in one place
 * (http/errors.ts) and answers in the spec's `{ message, error }` shape.
 */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_CREDITS',
  'TIER_REQUIRED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BAD_SIGNATURE',
  'CARD_DECLINED',
  'GATEWAY_ERROR',
  'CONCURRENCY',
  'UNAVAILABLE',
  'CONTENT_REFUSED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
