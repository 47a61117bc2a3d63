import { qrActivityStream, qrStream } from '@studio/events';
import { createSqliteEventStore } from '../platform/eventstore/sqlite';
import { createLogger } from '../platform/logging';
import { eventually, tempDataDir } from '../testing/helpers';
import { QrCodeCache } from './code-cache';

const ID = 'AbCdEfGhIjKl';
const meta = {
  correlationId: 'c',
  causationId: 'c',
  occurredAt: '2026-11-22T10:00:00.000Z',
  schemaVersion: 1,
};
const event = (n: number, type: string, data: object) => ({ eventId: `e-${n}`, type, data, metadata: meta });
const created = event(1, 'QrCodeCreated', {
  qrId: ID,
  userId: 'recOwner',
  title: 'Book',
  url: 'https://example.com/old',
  linkType: 'direct',
  trackingEnabled: true,
  encodedUrl: `https://studio.example/r/${ID}`,
});

describe('QR code cache (public routes)', () => {
  const tmp = tempDataDir();
  const file = `${tmp.dir}/events.db`;
  // Two connections to one file: the cache's, and "another API process" that edits the code.
  const mine = createSqliteEventStore(file);
  const theirs = createSqliteEventStore(file);
  const cache = new QrCodeCache({ eventStore: mine, logger: createLogger('silent') });
  afterAll(async () => {
    await cache.stop();
    await mine.close();
    await theirs.close();
    tmp.remove();
  });

  it('serves from memory, and drops a code when its stream changes anywhere', async () => {
    expect((await cache.get(ID)).exists).toBe(false);
    await theirs.append(qrStream(ID), [created], { expectedRevision: 'any' });
    // A code unknown a moment ago is found once it is created (the miss was dropped too).
    await eventually(async () => ((await cache.get(ID)).exists ? true : undefined));
    const first = await cache.get(ID);
    expect(first.url).toBe('https://example.com/old');
    expect(await cache.get(ID)).toBe(first); // the same object: no stream read

    // Scans do not touch the code's stream: the entry stays. The cache reads changes in log order,
    // so once a later change to another code has reached it, the scan has too.
    const OTHER = 'ZyXwVuTsRqPo';
    await theirs.append(
      qrStream(OTHER),
      [{ ...created, eventId: 'e-other', data: { ...created.data, qrId: OTHER } }],
      {
        expectedRevision: 'any',
      },
    );
    await eventually(async () => ((await cache.get(OTHER)).exists ? true : undefined));
    await theirs.append(qrActivityStream(ID), [event(2, 'QrScanned', { qrId: ID, day: '2026-11-22' })], {
      expectedRevision: 'any',
    });
    await theirs.append(
      qrStream(OTHER),
      [event(5, 'QrCodeUpdated', { qrId: OTHER, url: 'https://example.com/other' })],
      { expectedRevision: 'any' },
    );
    await eventually(async () =>
      (await cache.get(OTHER)).url === 'https://example.com/other' ? true : undefined,
    );
    expect(await cache.get(ID)).toBe(first);

    // Another process changes the target: the next scans go to the new one.
    await theirs.append(
      qrStream(ID),
      [event(3, 'QrCodeUpdated', { qrId: ID, url: 'https://example.com/new' })],
      {
        expectedRevision: 'any',
      },
    );
    await eventually(async () =>
      (await cache.get(ID)).url === 'https://example.com/new' ? true : undefined,
    );
  });

  it('forget drops an entry at once (this process just changed the code)', async () => {
    const before = await cache.get(ID);
    await mine.append(qrStream(ID), [event(4, 'QrCodeDeleted', { qrId: ID })], { expectedRevision: 'any' });
    cache.forget(ID);
    const after = await cache.get(ID);
    expect(after).not.toBe(before);
    expect(after.deleted).toBe(true);
  });
});
