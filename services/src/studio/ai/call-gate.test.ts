import { CallGate } from './call-gate';

/** A call that stays in flight until the test settles it. */
function controllable() {
  const started: string[] = [];
  const pending: Array<() => void> = [];
  const call = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      pending.push(() => resolve(name));
    });
  /** Settles the oldest call in flight and lets the gate hand its slot on. */
  const finishOne = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, call, finishOne };
}

const signal = new AbortController().signal;
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the AI call gate', () => {
  it('never has more calls in flight than its concurrency', async () => {
    const gate = new CallGate(3);
    const { started, call, finishOne } = controllable();
    const runs = Array.from({ length: 10 }, (_, i) => gate.run('job', signal, call(`c${i}`)));
    await turn();
    expect(started).toHaveLength(3);
    expect(gate.active).toBe(3);
    await finishOne();
    expect(started).toHaveLength(4);
    expect(gate.active).toBe(3);
    while (started.length < 10 || gate.active > 0) await finishOne();
    expect(await Promise.all(runs)).toEqual(Array.from({ length: 10 }, (_, i) => `c${i}`));
  });

  it('serves waiting jobs in turn, so a small job is not held behind a big one', async () => {
    const gate = new CallGate(1);
    const { started, call, finishOne } = controllable();
    const big = Array.from({ length: 6 }, (_, i) => gate.run('big', signal, call(`big-${i}`)));
    await turn();
    const small = [gate.run('small', signal, call('small-0')), gate.run('small', signal, call('small-1'))];
    while (started.length < 8 || gate.active > 0) await finishOne();
    await Promise.all([...big, ...small]);
    // big-0 held the slot when the small job arrived; from then on the two jobs alternate.
    expect(started).toEqual(['big-0', 'big-1', 'small-0', 'big-2', 'small-1', 'big-3', 'big-4', 'big-5']);
  });

  it('starts calls no faster than its rate, and waits out a pause before starting any', async () => {
    jest.useFakeTimers();
    try {
      const gate = new CallGate(10, 60, () => Date.now()); // 60 a minute: one a second
      const { started, call } = controllable();
      const at = async (ms: number) => {
        await jest.advanceTimersByTimeAsync(ms);
        return [...started];
      };
      for (let i = 0; i < 3; i++) void gate.run('job', signal, call(`c${i}`));
      expect(await at(0)).toEqual(['c0']);
      expect(await at(990)).toEqual(['c0']);
      expect(await at(10)).toEqual(['c0', 'c1']);
      gate.pause(5000); // a 429's Retry-After: nothing starts for five seconds
      expect(await at(4900)).toEqual(['c0', 'c1']);
      expect(await at(100)).toEqual(['c0', 'c1', 'c2']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('drops a waiting call whose job is aborted, and it never runs', async () => {
    const gate = new CallGate(1);
    const { started, call, finishOne } = controllable();
    const first = gate.run('a', signal, call('first'));
    const job = new AbortController();
    const waiting = gate.run('b', job.signal, call('aborted'));
    job.abort(new Error('job stopped'));
    await expect(waiting).rejects.toThrow('job stopped');
    await finishOne();
    await first;
    expect(started).toEqual(['first']);
    expect(gate.active).toBe(0);
  });
});
