import { qrActivityStream } from '@studio/events';
import { openTestRuntime } from '../testing/test-runtime';
import { SignupRefusals } from './signup-refusals';

describe('refused signups are tallied, not logged one by one', () => {
  it('a flood of refusals on one code is one event per day with the counts by reason', async () => {
    const platform = await openTestRuntime();
    try {
      const refusals = new SignupRefusals(platform);
      const at = new Date('2026-11-25T10:00:00Z');
      for (let i = 0; i < 500; i++) refusals.note('AbCdEfGhIjKl', i % 5 === 0 ? 'honeypot' : 'token', at);
      refusals.note('AbCdEfGhIjKl', 'ceiling', new Date('2026-11-26T00:00:01Z'));
      await refusals.stop();
      const events = await platform.eventStore.readStream(qrActivityStream('AbCdEfGhIjKl'));
      expect(events.map((e) => [e.type, e.data])).toEqual([
        [
          'QrSignupsRefused',
          { qrId: 'AbCdEfGhIjKl', day: '2026-11-25', refused: { honeypot: 100, token: 400 } },
        ],
        ['QrSignupsRefused', { qrId: 'AbCdEfGhIjKl', day: '2026-11-26', refused: { ceiling: 1 } }],
      ]);
      // Nothing pending: a second stop writes nothing more.
      await refusals.stop();
      expect(await platform.eventStore.readStream(qrActivityStream('AbCdEfGhIjKl'))).toHaveLength(2);
    } finally {
      await platform.dispose();
    }
  });
});
