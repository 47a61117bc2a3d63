import type { QrEvent } from '@studio/events';
import type { Emitted } from '../platform/decider';
import { specFor, stateAfter } from '../testing/decider-spec';
import { QR_GONE, QR_NOT_FOUND, qrDecider } from './decider';

const spec = specFor(qrDecider);
const created = {
  type: 'QrCodeCreated' as const,
  data: {
    qrId: 'AbCdEfGhIjKl',
    userId: 'recOwner',
    title: 'Book',
    url: 'https://example.com/',
    linkType: 'direct' as const,
    trackingEnabled: true,
    encodedUrl: 'https://studio.example/r/AbCdEfGhIjKl',
  },
};
const create = { type: 'CreateQrCode' as const, ...created.data };
const scan = {
  type: 'RecordScan' as const,
  day: '2026-11-22',
  visitor: 'h',
  firstVisitOfDay: true,
  via: 'redirect' as const,
};

describe('QR code decider', () => {
  it('creates a code', () => spec([]).when(create).then([created]));
  it('a repeated create by the owner is a no-op; by someone else a conflict', () => {
    spec([created]).when(create).thenNothing();
    spec([created])
      .when({ ...create, userId: 'recOther' })
      .thenError('CONFLICT', 'This QR code already exists');
  });
  it('updates only what changes, and only for the owner', () => {
    spec([created])
      .when({ type: 'UpdateQrCode', userId: 'recOwner', url: 'https://example.com/new' })
      .then([{ type: 'QrCodeUpdated', data: { qrId: 'AbCdEfGhIjKl', url: 'https://example.com/new' } }]);
    spec([created]).when({ type: 'UpdateQrCode', userId: 'recOwner' }).thenNothing();
    spec([created]).when({ type: 'UpdateQrCode', userId: 'recOther', title: 'x' }).thenError('NOT_FOUND');
  });
  it('toggles tracking when it changes', () => {
    spec([created])
      .when({ type: 'ToggleTracking', userId: 'recOwner', trackingEnabled: false })
      .then([{ type: 'QrTrackingToggled', data: { qrId: 'AbCdEfGhIjKl', trackingEnabled: false } }]);
    spec([created]).when({ type: 'ToggleTracking', userId: 'recOwner', trackingEnabled: true }).thenNothing();
  });
  it('deletes for the owner only, once', () => {
    spec([created])
      .when({ type: 'DeleteQrCode', userId: 'recOwner' })
      .then([{ type: 'QrCodeDeleted', data: { qrId: 'AbCdEfGhIjKl' } }]);
    spec([created]).when({ type: 'DeleteQrCode', userId: 'recOther' }).thenError('NOT_FOUND');
    spec([created, { type: 'QrCodeDeleted', data: { qrId: 'AbCdEfGhIjKl' } }])
      .when({ type: 'DeleteQrCode', userId: 'recOwner' })
      .thenError('NOT_FOUND');
  });
  it('records a scan while tracking is on, none when off, refuses for a missing or deleted code', () => {
    spec([created])
      .when(scan)
      .then([
        {
          type: 'QrScanned',
          data: {
            qrId: 'AbCdEfGhIjKl',
            day: '2026-11-22',
            visitor: 'h',
            firstVisitOfDay: true,
            via: 'redirect',
          },
        },
      ]);
    spec([created, { type: 'QrTrackingToggled', data: { qrId: 'AbCdEfGhIjKl', trackingEnabled: false } }])
      .when(scan)
      .thenNothing();
    spec([]).when(scan).thenError('NOT_FOUND', 'QR code not found');
    spec([created, { type: 'QrCodeDeleted', data: { qrId: 'AbCdEfGhIjKl' } }])
      .when(scan)
      .thenError('NOT_FOUND', 'This QR code is no longer active');
  });
  it('records a signup (tracking or not), name optional', () => {
    spec([created, { type: 'QrTrackingToggled', data: { qrId: 'AbCdEfGhIjKl', trackingEnabled: false } }])
      .when({ type: 'RecordSignup', day: '2026-11-22', email: 'a@example.com', name: '' })
      .then([
        {
          type: 'QrSignupRecorded',
          data: { qrId: 'AbCdEfGhIjKl', email: 'a@example.com', source: 'signup', day: '2026-11-22' },
        },
      ]);
  });
});

describe('QR code state', () => {
  const fold = (events: Array<{ type: string; data: object }>) =>
    stateAfter(qrDecider, events as Emitted<QrEvent>[], '2026-11-22T10:00:00.000Z');

  it('a created code carries its owner, target, settings and creation time; absent settings take defaults', () => {
    expect(fold([created])).toEqual({
      exists: true,
      deleted: false,
      qrId: 'AbCdEfGhIjKl',
      userId: 'recOwner',
      title: 'Book',
      url: 'https://example.com/',
      linkType: 'direct',
      trackingEnabled: true,
      landingPage: {},
      encodedUrl: 'https://studio.example/r/AbCdEfGhIjKl',
      colors: { dark: '#000000', light: '#FFFFFF' },
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    const full = fold([
      {
        type: 'QrCodeCreated',
        data: {
          ...created.data,
          description: 'Back cover',
          linkType: 'landing',
          landingPage: { title: 'Hi' },
          colors: { dark: '#112233', light: '#FFEEDD' },
        },
      },
    ]);
    expect(full).toMatchObject({
      description: 'Back cover',
      linkType: 'landing',
      landingPage: { title: 'Hi' },
      colors: { dark: '#112233', light: '#FFEEDD' },
    });
  });

  it('an update changes only the fields it carries; toggling and deleting are remembered; scans change nothing', () => {
    const updated = fold([
      created,
      { type: 'QrCodeUpdated', data: { qrId: 'AbCdEfGhIjKl', title: 'New title' } },
    ]);
    expect(updated).toMatchObject({ title: 'New title', url: 'https://example.com/', landingPage: {} });
    expect(updated.colors).toEqual({ dark: '#000000', light: '#FFFFFF' });
    const restyled = fold([
      created,
      {
        type: 'QrCodeUpdated',
        data: {
          qrId: 'AbCdEfGhIjKl',
          landingPage: { title: 'Hi' },
          colors: { dark: '#111111', light: '#EEEEEE' },
        },
      },
    ]);
    expect(restyled).toMatchObject({
      title: 'Book',
      landingPage: { title: 'Hi' },
      colors: { dark: '#111111', light: '#EEEEEE' },
    });
    const off = fold([
      created,
      { type: 'QrTrackingToggled', data: { qrId: 'AbCdEfGhIjKl', trackingEnabled: false } },
    ]);
    expect(off.trackingEnabled).toBe(false);
    const scanned = fold([
      created,
      { type: 'QrScanned', data: { qrId: 'AbCdEfGhIjKl', day: '2026-11-22', via: 'redirect' } },
    ]);
    expect(scanned).toEqual(fold([created]));
    expect(fold([created, { type: 'QrCodeDeleted', data: { qrId: 'AbCdEfGhIjKl' } }]).deleted).toBe(true);
  });

  it('a deleted or missing code cannot be changed by its owner', () => {
    const deleted = { type: 'QrCodeDeleted' as const, data: { qrId: 'AbCdEfGhIjKl' } };
    spec([created, deleted])
      .when({ type: 'UpdateQrCode', userId: 'recOwner', title: 'x' })
      .thenError('NOT_FOUND');
    spec([])
      .when({ type: 'ToggleTracking', userId: 'recOwner', trackingEnabled: false })
      .thenError('NOT_FOUND');
  });

  it('a signup keeps the name it was given', () => {
    spec([created])
      .when({ type: 'RecordSignup', day: '2026-11-22', email: 'a@example.com', name: 'Ann' })
      .then([
        {
          type: 'QrSignupRecorded',
          data: {
            qrId: 'AbCdEfGhIjKl',
            email: 'a@example.com',
            name: 'Ann',
            source: 'signup',
            day: '2026-11-22',
          },
        },
      ]);
  });

  it('a deleted code tells the public it is gone (the friendly 410), a missing one that it is not found', () => {
    const deleted = qrDecider.evolve(
      qrDecider.evolve(qrDecider.initialState, { ...created, metadata: {} } as never),
      {
        type: 'QrCodeDeleted',
        data: { qrId: 'AbCdEfGhIjKl' },
      } as never,
    );
    const refusal = (state: typeof deleted) => {
      try {
        qrDecider.decide(scan, state);
      } catch (error) {
        return error;
      }
    };
    expect(refusal(deleted)).toMatchObject({ message: QR_GONE, details: { gone: true } });
    expect(refusal(qrDecider.initialState)).toMatchObject({ message: QR_NOT_FOUND, details: undefined });
  });

  it('fields a request left undefined are not changes, and are not carried in the event', () => {
    spec([created])
      .when({ type: 'UpdateQrCode', userId: 'recOwner', title: undefined, url: undefined, colors: undefined })
      .thenNothing();
    const [event] = qrDecider.decide(
      { ...create, description: undefined, colors: undefined },
      qrDecider.initialState,
    );
    expect(Object.keys(event?.data ?? {}).sort()).toEqual(Object.keys(created.data).sort());
    const [update] = qrDecider.decide(
      { type: 'UpdateQrCode', userId: 'recOwner', title: 'T', url: undefined },
      fold([created]),
    );
    expect(Object.keys(update?.data ?? {}).sort()).toEqual(['qrId', 'title']);
  });

  it('a code created before images fixed their address has none', () => {
    const { encodedUrl: _none, ...legacy } = created.data;
    expect(fold([{ type: 'QrCodeCreated', data: legacy }]).encodedUrl).toBe('');
  });
});
