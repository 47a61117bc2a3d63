import { qrActivityStream } from '@studio/events';
import { startEmbedded } from '../../services/src/main/embedded';
import { newEventId } from '../../services/src/platform/ids';
import { tempDataDir } from '../../services/src/platform/testing';
import { qrAnalytics } from '../../services/src/qr/analytics';

(async () => {
  const tmp = tempDataDir();
  const e = await startEmbedded({ DATA_DIR: tmp.dir, PORT: '0', LOG_LEVEL: 'silent' });
  const { eventStore, readStore } = e.platform;
  const id = 'AbCdEfGhIjKl';
  const agents = [
    ['Mobile', 'iOS', 'Safari'],
    ['Mobile', 'Android', 'Chrome'],
    ['Desktop', 'Windows', 'Edge'],
  ];
  for (let i = 0; i < 100_000; i += 5000) {
    const batch = Array.from({ length: 5000 }, (_, j) => {
      const k = i + j;
      const day = new Date(Date.UTC(2026, 7, 1) + (k % 90) * 86_400_000).toISOString().slice(0, 10);
      const [device, os, browser] = agents[k % 3]!;
      return {
        eventId: newEventId(),
        type: 'QrScanned',
        data: {
          qrId: id,
          day,
          visitor: `v${k % 7000}`,
          firstVisitOfDay: k < 7000,
          device,
          os,
          browser,
          referrer: 'Direct',
          via: 'landing',
        },
        metadata: {
          correlationId: 'b',
          causationId: 'b',
          occurredAt: `${day}T12:00:00.000Z`,
          schemaVersion: 1,
        },
      };
    });
    await eventStore.append(qrActivityStream(id), batch, { expectedRevision: 'any' });
  }
  const head = (await eventStore.headPosition()) ?? 0;
  await Promise.all(e.projectors.map((p) => p.waitFor(head)));
  await new Promise((r) => setTimeout(r, 3000));
  for (let round = 0; round < 2; round++) {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const s = process.hrtime.bigint();
      await qrAnalytics(readStore, id);
      times.push(Number(process.hrtime.bigint() - s) / 1e6);
    }
    times.sort((a, b) => a - b);
    console.log('p50', times[100]!.toFixed(2), 'p99', times[198]!.toFixed(2), 'max', times[199]!.toFixed(2));
  }
  const Database = require('better-sqlite3');
  const db = new Database(`${tmp.dir}/read.db`, { readonly: true });
  console.log(
    db
      .prepare("SELECT name FROM sqlite_master WHERE type='table' OR type='index'")
      .all()
      .map((r: any) => r.name)
      .join(' '),
  );
  await e.stop();
  tmp.remove();
})();
