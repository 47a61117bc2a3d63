import { readFileSync } from 'node:fs';
import { PAPER_THICKNESS, type Paper, TRIMS, type Trim } from '../studio/outputs/kdp';
import { preflightFile } from '../studio/preflight/preflight';

/**
 * `npm run preflight -- file.pdf|file.epub [--trim 6x9|8.5x11|8.5x8.5-bleed] [--pages N]
 * [--paper white|cream|premium-color]`: the KDP checks the product runs on its own outputs, on
 * any file. It tells an interior, a paperback cover and an EPUB apart by itself (the options
 * only pin what it would otherwise infer). Exit code 1 when KDP would refuse the file.
 */
const TRIM_NAMES: Record<string, Trim> = {
  '6x9': TRIMS['non-fiction'],
  '8.5x11': TRIMS.coloring,
  '8.5x8.5-bleed': TRIMS.kids,
};
const USAGE =
  'Usage: npm run preflight -- <file.pdf|file.epub> [--trim 6x9|8.5x11|8.5x8.5-bleed] [--pages N] [--paper white|cream|premium-color]';

async function main(args: string[]): Promise<number> {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? (args[at + 1] ?? '') : undefined;
  };
  const values = new Set(['--trim', '--pages', '--paper'].map((o) => option(o)));
  const file = args.find((a) => !a.startsWith('--') && !values.has(a));
  if (!file) {
    console.error(USAGE);
    return 2;
  }
  const trimName = option('--trim');
  const trim = trimName === undefined ? undefined : TRIM_NAMES[trimName];
  if (trimName !== undefined && !trim) {
    console.error(`Unknown trim ${trimName}; use one of ${Object.keys(TRIM_NAMES).join(', ')}`);
    return 2;
  }
  const pagesText = option('--pages');
  const pages = pagesText === undefined ? undefined : Number(pagesText);
  if (pages !== undefined && !(Number.isInteger(pages) && pages > 0)) {
    console.error(`--pages takes a whole number of pages, not ${pagesText}`);
    return 2;
  }
  const paper = option('--paper');
  if (paper !== undefined && !Object.hasOwn(PAPER_THICKNESS, paper)) {
    console.error(`Unknown paper ${paper}; use one of ${Object.keys(PAPER_THICKNESS).join(', ')}`);
    return 2;
  }
  const { what, problems, pictures } = await preflightFile(readFileSync(file), {
    ...(trim ? { trim } : {}),
    ...(pages ? { pages } : {}),
    ...(paper ? { paper: paper as Paper } : {}),
  });
  // Every picture's resolution as a printer sees it: what the file declares and what it holds.
  for (const p of pictures)
    console.log(
      `  page ${p.page}: ${Math.round(p.nominalPpi)} ppi declared, ${p.realPpi === undefined ? 'flat (no detail to lose)' : `about ${Math.round(p.realPpi)} ppi of real detail`}`,
    );
  if (problems.length === 0) {
    console.log(`${file} (${what}): passes the KDP preflight`);
    return 0;
  }
  console.log(`${file} (${what}): fails the KDP preflight`);
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
