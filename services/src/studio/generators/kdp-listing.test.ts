import { createOfflineProvider } from '../ai/offline';
import type { AiProvider } from '../ai/provider';
import { type GeneratorTools, unrecordedParts } from './generator';
import { kdpListing, LISTING_ATTEMPTS, parseListing } from './kdp-listing';
import { checkListing } from './listing-checker';

const job = {
  generationId: 'g1',
  kind: 'kdp-listing' as const,
  phase: 'main' as const,
  input: { bookTitle: 'Garden Bees', bookPrompt: 'A gentle guide to the bees that visit garden flowers' },
};
const toolsFor = (ai: AiProvider): GeneratorTools => ({
  ai,
  signal: new AbortController().signal,
  progress: async () => {},
  readBlob: async () => Buffer.alloc(0),
  parts: unrecordedParts,
});
/** A provider whose text answers are scripted (the HTTP boundary of a real model). */
const scripted = (answers: string[]) => {
  const asked: string[] = [];
  const ai: AiProvider = {
    ...createOfflineProvider(),
    async text(prompt) {
      asked.push(prompt);
      return answers[Math.min(asked.length - 1, answers.length - 1)] ?? '';
    },
  };
  return { ai, asked };
};
const valid = {
  optimizedTitle: 'Garden Bees',
  subtitle: 'Backyard Pollinators',
  description: '<p>Bees.</p>',
  keywords: ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7'],
};

describe('the KDP listing generator', () => {
  it('keeps a listing that passes on the first answer', async () => {
    const { ai, asked } = scripted([`\`\`\`json\n${JSON.stringify(valid)}\n\`\`\``]);
    const out = await kdpListing(job, toolsFor(ai));
    expect(asked).toHaveLength(1);
    expect(out.result).toMatchObject({ ...valid, repaired: false, attempts: 1 });
  });

  it('asks again when the answer breaks a rule', async () => {
    const bad = { ...valid, keywords: ['free stuff'] };
    const { ai, asked } = scripted([JSON.stringify(bad), JSON.stringify(valid)]);
    const out = await kdpListing(job, toolsFor(ai));
    expect(asked).toHaveLength(2);
    expect(out.result).toMatchObject({ keywords: valid.keywords, repaired: false, attempts: 2 });
  });

  it('repairs the last answer when every attempt fails, and records all rules passing', async () => {
    const bad = { ...valid, description: '<script>x</script><p>Bees</p>', keywords: ['best bees'] };
    const { ai, asked } = scripted([JSON.stringify(bad)]);
    const out = await kdpListing(job, toolsFor(ai));
    expect(asked).toHaveLength(LISTING_ATTEMPTS);
    const result = out.result as typeof valid & { checks: Array<{ passed: boolean }>; repaired: boolean };
    expect(result.repaired).toBe(true);
    expect(result.checks).toHaveLength(6);
    expect(result.checks.every((c) => c.passed)).toBe(true);
    expect(checkListing(result).every((c) => c.passed)).toBe(true);
    expect(result.keywords).toHaveLength(7);
  });

  it('makes a passing listing from the offline provider', async () => {
    const out = await kdpListing(job, toolsFor(createOfflineProvider()));
    const result = out.result as typeof valid;
    expect(checkListing(result).every((c) => c.passed)).toBe(true);
    expect(result.optimizedTitle).toBe('Garden Bees');
    expect(result.subtitle).toBe('A gentle guide to the bees that visit garden flowers');
    expect(result.keywords.slice(0, 3)).toEqual(['visit garden flowers', 'gentle guide', 'garden']);
  });

  it('offline, describes the book in its own words: no template labels, no cut word, one stop, fitting keywords', async () => {
    const listingFor = async (bookTitle: string, bookPrompt: string) =>
      (await kdpListing({ ...job, input: { bookTitle, bookPrompt } }, toolsFor(createOfflineProvider())))
        .result as typeof valid;
    const money = await listingFor(
      'Money Habits for Freelancers',
      'A complete, friendly handbook for freelancers and independent contractors: budgeting irregular income, taxes, saving, and the habits that make money calm over a whole career of uneven months and surprise invoices.',
    );
    expect(money.description).not.toMatch(/Book title:|About the book:/);
    expect(money.description).not.toMatch(/\.\./);
    expect(money.description).toContain('<p>Money Habits for Freelancers. A complete, friendly handbook');
    expect(money.description).toContain('surprise invoices.</p>');
    // The subtitle stops at a whole clause, not mid-list on a comma.
    expect(money.subtitle).toBe('A complete, friendly handbook for freelancers and independent contractors');
    // Phrases of the book, never across a comma ("income taxes") or a dangling pair.
    expect(money.keywords).toContain('budgeting irregular income');
    expect(money.keywords).toContain('independent contractors');
    expect(money.keywords).not.toContain('income taxes');
    expect(money.keywords).not.toContain('complete friendly');
    expect(money.keywords).not.toContain('money habits for freelancers');

    const grief = await listingFor('Grief', 'Poems about loss, for you and me.');
    expect(checkListing(grief).every((c) => c.passed)).toBe(true);
    // Every keyword is made of the book's own words: nothing like "workbook" or "gift idea".
    for (const keyword of grief.keywords)
      for (const word of keyword.split(' ')) expect(['grief', 'poems', 'about', 'loss']).toContain(word);
    expect(grief.keywords[0]).toBe('poems about loss');
  });

  it('reads comma-separated keywords and refuses non-JSON', () => {
    expect(parseListing('{"title":"A","keywords":"x, y"}')).toMatchObject({
      optimizedTitle: 'A',
      keywords: ['x', 'y'],
    });
    expect(parseListing('no json here')).toBeNull();
  });
});
