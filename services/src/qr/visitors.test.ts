import { createHmac } from 'node:crypto';
import { createSqliteReadStore } from '../platform/readstore/sqlite';
import { QR_SALT, VisitorHasher } from './visitors';

describe('VisitorHasher', () => {
  // The hash is what counts a visitor once a day: a process restarted mid-day (a deploy) must
  // compute the same ids, so its formula is pinned here, whatever shortcut computes it.
  it('hashes code and address under the day’s salt (HMAC-SHA256, 22 base64url characters), a new salt each day', async () => {
    const reads = createSqliteReadStore(':memory:');
    try {
      const hasher = new VisitorHasher(reads);
      const salts = reads.collection<{ _id: string; day: string; salt: string }>(QR_SALT);
      const expected = (salt: string) =>
        createHmac('sha256', salt).update('AbCdEfGhIjKl\n203.0.113.7').digest('base64url').slice(0, 22);

      const first = await hasher.hash('AbCdEfGhIjKl', '2026-11-24', '203.0.113.7');
      const firstSalt = (await salts.get('current'))?.salt ?? '';
      expect(first).toBe(expected(firstSalt));
      expect(await hasher.hash('AbCdEfGhIjKl', '2026-11-24', '203.0.113.7')).toBe(first);

      const next = await hasher.hash('AbCdEfGhIjKl', '2026-11-25', '203.0.113.7');
      const nextSalt = (await salts.get('current'))?.salt ?? '';
      expect(nextSalt).not.toBe(firstSalt);
      expect(next).toBe(expected(nextSalt));
    } finally {
      await reads.close();
    }
  });
});
