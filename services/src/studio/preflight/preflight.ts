import type { Paper, Trim } from '../outputs/kdp';
import { preflightEpub } from './epub';
import { preflightPdf } from './pdf';

/** A book file that KDP would refuse: the job fails with these reasons and is refunded. */
export class PreflightError extends Error {
  override name = 'PreflightError';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`The ${file} failed the KDP preflight: ${problems.slice(0, 5).join('; ')}`);
  }
}

export type PreflightTarget =
  | { type: 'interior'; trim: Trim }
  /** A paperback wrap for a book of `pages` pages on `paper`: its size and safe area follow. */
  | { type: 'cover'; trim: Trim; pages: number; paper: Paper }
  | { type: 'epub' };

export async function preflight(data: Uint8Array, target: PreflightTarget): Promise<string[]> {
  switch (target.type) {
    case 'interior':
      return preflightPdf(data, { interior: true, trim: target.trim });
    case 'cover':
      return preflightPdf(data, {
        interior: false,
        cover: { trim: target.trim, pages: target.pages, paper: target.paper },
      });
    case 'epub':
      return preflightEpub(data);
    default: {
      const never: never = target;
      return never;
    }
  }
}

/** Checks a file the product is about to deliver; throws PreflightError when KDP would refuse it. */
export async function assertPreflight(
  file: string,
  data: Uint8Array,
  target: PreflightTarget,
): Promise<void> {
  const problems = await preflight(data, target);
  if (problems.length > 0) throw new PreflightError(file, problems);
}
