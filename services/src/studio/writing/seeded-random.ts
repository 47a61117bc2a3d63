import { createHash } from 'node:crypto';

/**
 * A seeded generator (mulberry32 over a SHA-256 seed): the same request always writes the same
 * text, and the offline provider draws the same picture for the same prompt.
 */
export function seededRandom(seedText: string): () => number {
  let seed = createHash('sha256').update(seedText).digest().readUInt32LE(0);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
