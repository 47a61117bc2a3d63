import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it("uses the route's title, then its nav label, then the product name alone", () => {
    expect(documentTitle({ title: 'Pricing' })).toBe('Pricing · AI Book Studio');
    expect(
      documentTitle({ nav: { section: 'Main', label: 'Dashboard', icon: 'LayoutDashboard', order: 1 } }),
    ).toBe('Dashboard · AI Book Studio');
    expect(documentTitle({})).toBe('AI Book Studio');
  });
});
