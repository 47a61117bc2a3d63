// My Books dates (docs/product/creation-tools-qr.md (Limits and costs)): en-US, short month in the grid, long month in the list.
const SHORT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const LONG = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export function bookDate(iso: string | undefined, view: 'grid' | 'list'): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (view === 'grid' ? SHORT : LONG).format(date);
}
