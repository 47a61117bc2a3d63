// Makes an account-stream event readable: "CreditsGranted" → "Credits granted", data as label/value rows.

export function eventTitle(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(' ');
  return words.map((word, i) => (i === 0 ? word : word.toLowerCase())).join(' ');
}

export function dataRows(data: unknown): [string, string][] {
  if (data === null || data === undefined) return [];
  if (typeof data !== 'object') return [['value', String(data)]];
  return Object.entries(data as Record<string, unknown>).map(([key, value]) => [
    key,
    typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value),
  ]);
}
