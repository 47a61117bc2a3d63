import { skipsFsync } from './sqlite';

const lazy = { lazySync: true };
const waitedOn = { lazySync: false };

describe('which group commits skip the fsync', () => {
  it('a group of lazy appends only (QR scan batches) commits without it', () => {
    expect(skipsFsync('FULL', [lazy, lazy])).toBe(true);
  });
  it('one member a client waits on makes the whole group synced', () => {
    expect(skipsFsync('FULL', [lazy, waitedOn, lazy])).toBe(false);
    expect(skipsFsync('FULL', [waitedOn])).toBe(false);
  });
  it('a store that runs NORMAL has no fsync to skip (nothing to switch back)', () => {
    expect(skipsFsync('NORMAL', [lazy])).toBe(false);
  });
});
