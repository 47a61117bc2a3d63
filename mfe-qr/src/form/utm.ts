// Campaign tags on a direct code's target, so the owner's web analytics see which printed code
// brought a visitor (docs/product/creation-tools-qr.md (Screens and routes: Campaign tags)).

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmTags = Record<(typeof UTM_FIELDS)[number], string>;
export const NO_UTM: UtmTags = { source: '', medium: '', campaign: '', term: '', content: '' };

/**
 * The target with each filled tag set as `utm_{name}` (trimmed; an existing value of that name is
 * replaced, every other query parameter and the fragment kept). Unchanged when no tag is filled or
 * when the target is not an absolute address yet (the server judges the final address).
 */
export function withUtm(target: string, tags: UtmTags): string {
  const filled = UTM_FIELDS.filter((name) => tags[name].trim() !== '');
  if (filled.length === 0) return target;
  let url: URL;
  try {
    url = new URL(target.trim());
  } catch {
    return target;
  }
  for (const name of filled) url.searchParams.set(`utm_${name}`, tags[name].trim());
  return url.toString();
}
