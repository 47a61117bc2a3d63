// Test users. ADMIN_EMAIL is made an admin by the operator command (fixtures.ts, signUp).
export const ADMIN_EMAIL = 'admin@e2e.studio.test';
export const PASSWORD = 'correct-horse-7';

let counter = 0;

/** A unique address per call, so tests never collide on "email already registered". */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.studio.test`;
}
