import type { GenerationKind, Tier } from '@studio/events';

/** spec 02 §9: what each tool costs, and who may use it. */
export const COLORING_BOOK_COSTS = { 10: 20, 20: 40, 30: 60, 40: 80 } as const;
export const COLORING_BOOK_LENGTHS = [10, 20, 30, 40] as const;
export const DEFAULT_COLORING_BOOK_LENGTH = 30;

export const COSTS = {
  'non-fiction': 20,
  'non-fiction-v2': 20,
  'kdp-listing': 10,
  'coloring-page': 4,
  'image-v2': 6,
  'image-edit': 6,
  'kids-book': 100,
} as const satisfies Record<Exclude<GenerationKind, 'coloring-book'>, number>;

export function costOf(kind: GenerationKind, input: { bookLength?: number }): number {
  if (kind === 'coloring-book') {
    const length = input.bookLength as keyof typeof COLORING_BOOK_COSTS;
    const cost = COLORING_BOOK_COSTS[length];
    if (cost === undefined) throw new Error(`No cost for a ${input.bookLength}-page coloring book`);
    return cost;
  }
  return COSTS[kind];
}

/** spec 02 §6: the coloring book generator is for Standard and Premium only. */
export const ALLOWED_TIERS: Partial<Record<GenerationKind, Tier[]>> = {
  'coloring-book': ['Standard', 'Premium'],
};
