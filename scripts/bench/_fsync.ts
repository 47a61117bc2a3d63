import { createSqliteEventStore } from '../../services/src/platform/eventstore/sqlite';
import { tempDataDir } from '../../services/src/platform/testing';

(async () => {
  const t = tempDataDir();
  const s = createSqliteEventStore(`${t.dir}/e.db`);
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const evs = Array.from({ length: 200 }, (_, j) => ({
      eventId: `e${i}-${j}`,
      type: 'QrScanned',
      data: {
        qrId: 'x',
        day: '2026-01-01',
        device: 'Mobile',
        os: 'iOS',
        browser: 'Safari',
        referrer: 'Direct',
        via: 'redirect',
        visitor: 'abcdefghijabcdefghijab',
      },
      metadata: {
        correlationId: 'c',
        causationId: 'c',
        occurredAt: '2026-01-01T00:00:00.000Z',
        schemaVersion: 1,
      },
    }));
    const a = process.hrtime.bigint();
    await s.append('qractivity-x', evs, { expectedRevision: 'any' });
    times.push(Number(process.hrtime.bigint() - a) / 1e6);
  }
  times.sort((a, b) => a - b);
  console.log('median', times[25].toFixed(2), 'p90', times[45].toFixed(2), 'max', times[49].toFixed(2));
  await s.close();
  t.remove();
})();
