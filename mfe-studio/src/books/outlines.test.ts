import {
  canChoose,
  canGenerate,
  isWaiting,
  keepPolling,
  type OutlineRecord,
  parseOutlines,
} from './outlines';

/** The one record of an answer (fails the test when there is none). */
function only(body: unknown): OutlineRecord {
  const [record] = parseOutlines(body);
  if (!record) throw new Error('no outline record');
  return record;
}

const finished = {
  id: 'b1',
  status: 'Outline finished',
  generationStatus: 'outlines-ready',
  outline1: 'One',
  outline2: 'Two',
  outline3: 'Three',
};
const creating = { id: 'b1', status: 'In progress (outline creation)', generationStatus: 'running' };

describe('Gen 2.0 outline answers (docs/product/creation-tools-qr.md (Data, API))', () => {
  it('reads a list, a single record or { outlines }', () => {
    expect(parseOutlines([finished])[0]).toEqual({
      id: 'b1',
      stage: 'outline-finished',
      texts: ['One', 'Two', 'Three'],
      bookGenerated: false,
    });
    expect(parseOutlines(finished)).toHaveLength(1);
    expect(parseOutlines({ outlines: [finished, creating] })).toHaveLength(2);
  });

  it('leaves out malformed records and blank texts', () => {
    expect(parseOutlines([null, { status: 'x' }, 'text'])).toEqual([]);
    expect(parseOutlines([{ ...finished, outline2: '' }])[0]?.texts).toEqual(['One', null, 'Three']);
    expect(parseOutlines([{ id: 'b', outlineText1: 'Alt' }])[0]?.texts[0]).toBe('Alt');
  });
});

describe('outline view rules (docs/product/creation-tools-qr.md (States))', () => {
  it('waits (and polls) until an outline is finished, also after a failed or empty fetch', () => {
    expect(isWaiting(undefined)).toBe(true);
    expect(isWaiting([])).toBe(true);
    expect(isWaiting(parseOutlines([creating]))).toBe(true);
    expect(isWaiting(parseOutlines([finished]))).toBe(false);
    expect(keepPolling(parseOutlines([creating]))).toBe(true);
    expect(keepPolling(parseOutlines([finished]))).toBe(false);
    expect(keepPolling(parseOutlines([{ ...creating, bookGenerated: true }]))).toBe(false);
    expect(keepPolling(parseOutlines([{ ...creating, generationStatus: 'failed' }]))).toBe(false);
    // Once the outlines exist they stay finished while the book is made.
    expect(isWaiting(parseOutlines([{ ...finished, generationStatus: 'book-running' }]))).toBe(false);
    // A record without a status in the vocabulary is still being written.
    expect(isWaiting(parseOutlines([{ ...finished, generationStatus: 'Outline finished' }]))).toBe(true);
  });

  it('only a finished outline with text at that index can be chosen, and not after its book was generated', () => {
    const ready = only([{ ...finished, outline3: '' }]);
    expect(canChoose(ready, 0)).toBe(true);
    expect(canChoose(ready, 1)).toBe(true);
    expect(canChoose(ready, 2)).toBe(false);
    expect(canChoose(ready, 3)).toBe(false);
    const pending = only([{ ...finished, generationStatus: 'requested' }]);
    expect(canChoose(pending, 0)).toBe(false);
    const generated = only([{ ...finished, bookGenerated: true }]);
    expect(canChoose(generated, 0)).toBe(false);
  });

  it('Generate needs a choice and no request in flight', () => {
    expect(canGenerate(null, false)).toBe(false);
    expect(canGenerate({ outlineId: 'b1', outlineIndex: 1 }, false)).toBe(true);
    expect(canGenerate({ outlineId: 'b1', outlineIndex: 1 }, true)).toBe(false);
  });
});
