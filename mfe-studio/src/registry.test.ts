import { GENERATION_KINDS, priceOf, RESULT_PLACES, resultPlace, TOOL_CONTRACTS } from '@studio/events';
import { STUDIO_TOOLS } from './registry';
import { routes } from './routes';

/** The spec's eight tools, in the sidebar's order, with their prices. */
const SPEC_TOOLS = [
  ['Main', 'Non-Fiction Gen 2.0', '/non-fiction-gen2', 20],
  ['Main', 'KDP Listing Generator', '/kdp-listing-generator', 10],
  ['Main', 'Coloring Book Generator', '/coloring-book-generator', 20],
  ['Main', 'Coloring Page Generator', '/coloring-book-page-generator', 4],
  ['Main', 'Image Generator v2', '/image-generator-v2', 6],
  ['Main', 'AI Image Editor', '/image-editor', 6],
  ['Main', 'Kids Book Generator', '/kids-book-generator', 100],
  ['Legacy Models', 'Non-fiction Book Writer', '/non-fiction-book', 20],
] as const;

const listed = routes.map((r) => [r.nav?.section, r.nav?.label, r.path] as const);

describe('the studio registry', () => {
  it('gives every tool of the contract a screen, a route and a nav entry', () => {
    expect(Object.keys(STUDIO_TOOLS).sort()).toEqual([...GENERATION_KINDS].sort());
    expect(routes.map((r) => r.path).sort()).toEqual(
      GENERATION_KINDS.map((k) => TOOL_CONTRACTS[k].screen).sort(),
    );
  });

  it("lists the spec's tools in the spec's order, whatever else is added", () => {
    const positions = SPEC_TOOLS.map(([section, label, path]) =>
      listed.findIndex(([s, l, p]) => s === section && l === label && p === path),
    );
    expect(positions.every((i) => i >= 0)).toBe(true);
    const main = positions.slice(0, 7);
    expect(main).toEqual([...main].sort((a, b) => a - b));
    const orders = routes.filter((r) => r.nav?.section === 'Main').map((r) => r.nav?.order ?? 0);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(orders).size).toBe(orders.length);
  });

  it('prices each spec tool from the contract (a coloring book from its cheapest length)', () => {
    for (const [, , path, credits] of SPEC_TOOLS) {
      const kind = GENERATION_KINDS.find((k) => TOOL_CONTRACTS[k].screen === path);
      expect(kind && priceOf(kind).credits).toBe(credits);
    }
    expect(priceOf('coloring-book').varies).toBe(true);
    expect(priceOf('kids-book').varies).toBe(false);
  });

  it('links each confirmation to the list its results appear in', () => {
    expect(resultPlace('kids-book')).toBe(RESULT_PLACES.books);
    expect(resultPlace('kdp-listing')).toBe(RESULT_PLACES.listings);
    expect(resultPlace('image-edit')).toBe(RESULT_PLACES.images);
    expect(resultPlace('coloring-page')).toBe(RESULT_PLACES.images);
  });
});
