import { checkListing, type KdpListing, type ListingRule } from './listing-checker';
import { repairListing } from './listing-repair';

const good: KdpListing = {
  optimizedTitle: 'Garden Bees',
  subtitle: 'A Friendly Guide to Backyard Pollinators',
  description:
    '<p>Meet the <b>bees</b> in your garden.</p><ul><li>Hives</li><li>Flowers</li></ul><h4>Why</h4><br>',
  keywords: [
    'honey bees',
    'pollinator garden',
    'beekeeping basics',
    'backyard wildlife',
    'flowers',
    'insects',
    'nature guide',
  ],
};
const failing = (listing: KdpListing): ListingRule[] =>
  checkListing(listing)
    .filter((verdict) => !verdict.passed)
    .map((verdict) => verdict.rule);

/** The listing checker judges a table of good and bad listings right. */
describe('the KDP listing checker', () => {
  it.each<[string, Partial<KdpListing>, ListingRule[]]>([
    ['a good listing', {}, []],
    ['title + subtitle of 199 characters', { optimizedTitle: 'T'.repeat(100), subtitle: 'S'.repeat(99) }, []],
    [
      'title + subtitle of 200 characters',
      { optimizedTitle: 'T'.repeat(100), subtitle: 'S'.repeat(100) },
      ['title-length'],
    ],
    [
      'title + subtitle of 201 characters',
      { optimizedTitle: 'T'.repeat(101), subtitle: 'S'.repeat(100) },
      ['title-length'],
    ],
    ['an empty title', { optimizedTitle: '  ' }, ['title-length']],
    ['a 4000-character description', { description: `<p>${'x'.repeat(3993)}</p>` }, []],
    ['a 4001-character description', { description: `<p>${'x'.repeat(3994)}</p>` }, ['description-length']],
    [
      'a <script> in the description',
      { description: '<p>Hi</p><script>alert(1)</script>' },
      ['description-html'],
    ],
    ['an <h1> in the description', { description: '<h1>Big</h1><p>text</p>' }, ['description-html']],
    ['an allowed tag with attributes', { description: '<p class="x">text</p>' }, ['description-html']],
    ['a stray angle bracket', { description: '<p>1 < 2</p>' }, ['description-html']],
    [
      'h4 to h6, em, i, u, strong, ol',
      {
        description:
          '<h5>a</h5><h6>b</h6><em>c</em><i>d</i><u>e</u><strong>f</strong><ol><li>g</li></ol><br/>',
      },
      [],
    ],
    ['6 keywords', { keywords: good.keywords.slice(0, 6) }, ['keyword-count']],
    ['8 keywords', { keywords: [...good.keywords, 'extra'] }, ['keyword-count']],
    ['a 50-character keyword', { keywords: ['k'.repeat(50), ...good.keywords.slice(1)] }, []],
    ['a 51-character keyword', { keywords: ['k'.repeat(51), ...good.keywords.slice(1)] }, ['keyword-length']],
    ['an empty keyword', { keywords: [' ', ...good.keywords.slice(1)] }, ['keyword-length']],
    ['"free" in a keyword', { keywords: ['free bee guide', ...good.keywords.slice(1)] }, ['keyword-terms']],
    ['"best" in a keyword', { keywords: ['Best bees', ...good.keywords.slice(1)] }, ['keyword-terms']],
    ['"book" in a keyword', { keywords: ['bee book', ...good.keywords.slice(1)] }, ['keyword-terms']],
    ['"on sale" in a keyword', { keywords: ['bees on sale', ...good.keywords.slice(1)] }, ['keyword-terms']],
    ['a trademark in a keyword', { keywords: ['disney bees', ...good.keywords.slice(1)] }, ['keyword-terms']],
    [
      'another author in a keyword',
      { keywords: ['like stephen king', ...good.keywords.slice(1)] },
      ['keyword-terms'],
    ],
    [
      '"new" inside a word is fine',
      { keywords: ['renewal', 'newt', 'freedom', 'notebook', ...good.keywords.slice(4)] },
      [],
    ],
  ])('%s', (_name, change, expected) => {
    expect(failing({ ...good, ...change })).toEqual(expected);
  });
});

describe('repairing a listing', () => {
  const source = {
    bookTitle: 'Garden Bees',
    bookPrompt: 'A gentle guide to the bees that visit garden flowers',
  };

  it('makes a listing that breaks every rule pass all of them', () => {
    const broken: KdpListing = {
      optimizedTitle: 'T'.repeat(150),
      subtitle: 'S '.repeat(60),
      description: `<h1>Title</h1><script>alert(1)</script><p class="x">${'word '.repeat(1000)}</p>`,
      keywords: ['best free book', 'k'.repeat(60), 'bees', 'bees', 'new'],
    };
    const repaired = repairListing(broken, source);
    expect(checkListing(repaired).filter((v) => !v.passed)).toEqual([]);
    expect(repaired.description).not.toMatch(/alert|script|h1|class/);
    expect(repaired.keywords).toHaveLength(7);
    expect(repaired.keywords).toContain('bees');
  });

  it('keeps a listing that already passes unchanged', () => {
    expect(repairListing(good, source)).toEqual(good);
  });
});
