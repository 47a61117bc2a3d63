import { eventually } from '../testing/helpers';
import { openTestRuntime } from '../testing/test-runtime';
import { SESSIONS, SessionStore, startSessionSweeper } from './sessions';

/** Expired sessions were only deleted when next used. */
describe('expired sessions are swept', () => {
  const hour = 3600_000;
  const t0 = new Date('2026-01-01T00:00:00.000Z');

  it('sweepExpired deletes every expired session and keeps live ones', async () => {
    const runtime = await openTestRuntime();
    try {
      const sessions = new SessionStore(runtime.readStore, hour);
      const old = await sessions.create('recOld', t0);
      await sessions.create('recOld2', t0);
      const live = await sessions.create('recLive', new Date(t0.getTime() + 2 * hour));
      expect(await sessions.sweepExpired(new Date(t0.getTime() + 2 * hour))).toBe(2);
      expect(await runtime.readStore.collection(SESSIONS).count()).toBe(1);
      expect(await sessions.userIdFor(live.token, new Date(t0.getTime() + 2 * hour))).toBe('recLive');
      expect(await sessions.userIdFor(old.token, t0)).toBeUndefined();
    } finally {
      await runtime.dispose();
    }
  });

  it('the sweeper runs on its own, without anyone presenting the old cookies', async () => {
    const runtime = await openTestRuntime();
    try {
      const sessions = new SessionStore(runtime.readStore, 1);
      await sessions.create('recGone', new Date(Date.now() - hour));
      const sweeper = startSessionSweeper(sessions, { now: () => new Date() }, 20);
      try {
        await eventually(async () =>
          (await runtime.readStore.collection(SESSIONS).count()) === 0 ? true : undefined,
        );
      } finally {
        sweeper.stop();
      }
    } finally {
      await runtime.dispose();
    }
  });
});
