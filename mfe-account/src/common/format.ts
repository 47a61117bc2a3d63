// Date formats: long US ("January 5, 2025") for the profile, short for lists and logs.
const LONG = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const SHORT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

const parse = (iso: string | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** Long US format, or the fallback (e.g. 'N/A') when the date is absent or invalid. */
export function longDate(iso: string | undefined, fallback: string): string {
  const date = parse(iso);
  return date ? LONG.format(date) : fallback;
}

export function shortDate(iso: string | undefined, fallback = ''): string {
  const date = parse(iso);
  return date ? SHORT.format(date) : fallback;
}

export function dateTime(iso: string | undefined, fallback = ''): string {
  const date = parse(iso);
  return date ? DATE_TIME.format(date) : fallback;
}

/** A signed credit amount: "+60", "−20" (a real minus sign), "0". */
export function signedAmount(amount: number): string {
  if (amount > 0) return `+${amount}`;
  if (amount < 0) return `\u2212${Math.abs(amount)}`;
  return '0';
}
