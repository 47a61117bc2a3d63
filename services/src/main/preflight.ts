import { readFileSync } from 'node:fs';
import { TRIMS, type Trim } from '../studio/outputs/kdp';
import { preflight } from '../studio/preflight/preflight';

/**
 * `npm run preflight -- file.pdf [--trim 6x9|8.5x11|8.5x8.5-bleed]` or `-- book.epub`: the KDP
 * checks the product runs on its own outputs, on any file. Exit code 1 when KDP would refuse it.
 */
const TRIM_NAMES: Record<string, Trim> = {
  '6x9': TRIMS['non-fiction'],
  '8.5x11': TRIMS.coloring,
  '8.5x8.5-bleed': TRIMS.kids,
};

async function main(args: string[]): Promise<number> {
  const file = args.find((a) => !a.startsWith('--') && !Object.hasOwn(TRIM_NAMES, a));
  const trimIndex = args.indexOf('--trim');
  if (!file) {
    console.error('Usage: npm run preflight -- <file.pdf|file.epub> [--trim 6x9|8.5x11|8.5x8.5-bleed]');
    return 2;
  }
  const data = readFileSync(file);
  let problems: string[];
  if (file.toLowerCase().endsWith('.epub')) problems = await preflight(data, { type: 'epub' });
  else {
    const name = trimIndex >= 0 ? args[trimIndex + 1] : undefined;
    const given = name ? TRIM_NAMES[name] : undefined;
    if (name && !given) {
      console.error(`Unknown trim ${name}; use one of ${Object.keys(TRIM_NAMES).join(', ')}`);
      return 2;
    }
    // Without --trim, the file passes if it meets the rules for any of the product's trims.
    const candidates = given ? [given] : Object.values(TRIM_NAMES);
    const results = await Promise.all(candidates.map((trim) => preflight(data, { type: 'interior', trim })));
    problems = results.reduce((best, r) => (r.length < best.length ? r : best));
  }
  if (problems.length === 0) {
    console.log(`${file}: passes the KDP preflight`);
    return 0;
  }
  console.log(`${file}: fails the KDP preflight`);
  for (const problem of problems) console.log(`  - ${problem}`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
