import { inParallel } from './parallel';

const later = <T>(ms: number, value: T, signal: AbortSignal) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => resolve(value), ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });

describe('parts made side by side', () => {
  it('keeps the items’ order whatever order they finish in, and counts each finished part', async () => {
    const counted: string[] = [];
    const results = await inParallel(
      [40, 30, 20, 10, 0],
      new AbortController().signal,
      (ms, i, signal) => later(ms, `part ${i}`, signal),
      async (done, total) => {
        counted.push(`${done}/${total}`);
      },
    );
    expect(results).toEqual(['part 0', 'part 1', 'part 2', 'part 3', 'part 4']);
    expect(counted).toEqual(['1/5', '2/5', '3/5', '4/5', '5/5']);
  });

  it('cancels the other parts at the first failure and throws that failure, once all have settled', async () => {
    const settled: number[] = [];
    const run = inParallel([1, 2, 3, 4], new AbortController().signal, async (n, _i, signal) => {
      try {
        if (n === 2) throw new Error('The image service refused the prompt');
        return await later(5_000, n, signal);
      } finally {
        settled.push(n);
      }
    });
    await expect(run).rejects.toThrow('The image service refused the prompt');
    expect(settled.sort()).toEqual([1, 2, 3, 4]);
  });

  it('stops every part when the job is aborted', async () => {
    const job = new AbortController();
    const run = inParallel([1, 2, 3], job.signal, (n, _i, signal) => later(5_000, n, signal));
    job.abort(new Error('timed out'));
    await expect(run).rejects.toThrow('aborted');
  });
});
