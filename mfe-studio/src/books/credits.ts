// Client-side checks of spec 02 §5 before a tool spends credits (the server checks again).
import { TOOL_CONTRACTS, type ToolBody } from '@studio/events';
import type { User } from '@studio/kit';

export const NON_FICTION_COST = TOOL_CONTRACTS['non-fiction'].cost({} as ToolBody<'non-fiction'>);
export const GEN2_COST = TOOL_CONTRACTS['non-fiction-v2'].cost({} as ToolBody<'non-fiction-v2'>);
export const KIDS_BOOK_COST = TOOL_CONTRACTS['kids-book'].cost({} as ToolBody<'kids-book'>);

export type CreditCheck = 'ok' | 'signed-out' | 'insufficient';

export function creditCheck(user: Pick<User, 'credits'> | null, cost: number): CreditCheck {
  if (!user) return 'signed-out';
  return user.credits >= cost ? 'ok' : 'insufficient';
}

/** Coloring books are for Standard and Premium only (spec 02 §6). */
export function mayUseColoringBooks(tier: string | undefined): boolean {
  const allowed = TOOL_CONTRACTS['coloring-book'].tiers ?? [];
  return allowed.some((t) => t.toLowerCase() === (tier ?? '').toLowerCase());
}
