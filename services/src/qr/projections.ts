import {
  QR_BREAKDOWN_DIMENSIONS,
  type QrBreakdownDimension,
  type QrEvent,
  type QrScanned,
  type QrSignupRefusalReason,
} from '@studio/events';
import { assertNever } from '../platform/decider';
import type { WriteOp } from '../platform/readstore/port';
import { defineProjection } from '../platform/runners/projector';
import { breakdownKey, OTHER_KEY } from './breakdown-keys';

export const QR_CODES = 'qr_codes';
export const QR_DAILY = 'qr_daily';
export const QR_SIGNUPS = 'qr_signups';
export const QR_VISITORS = 'qr_visitors';

/** The list screen's row: the code plus running totals. */
export type QrCodeDoc = {
  _id: string;
  userId: string;
  title: string;
  linkType: 'landing' | 'direct';
  trackingEnabled: boolean;
  createdAt: string;
  scans: number;
  signups: number;
};
/** Scans per device, OS, browser and referrer are kept on the day's document: one write per scan. */
export type QrDailyDoc = {
  _id: string;
  qrId: string;
  day: string;
  scans: number;
  uniques: number;
  signups: number;
  /** Signups from a device counted visiting that day, and how many such visitors signed up. */
  trackedSignups?: number;
  conversions?: number;
  /** Signups refused per reason (`QrSignupsRefused`); absent on days without any. */
  refused?: Partial<Record<QrSignupRefusalReason, number>>;
} & Partial<Record<QrBreakdownDimension, Record<string, number>>>;
export type QrSignupDoc = { _id: string; qrId: string; email: string; name: string; timestamp: string };

export const REFUSAL_REASONS: readonly QrSignupRefusalReason[] = ['token', 'honeypot', 'ceiling'];

export const visitorKey = (qrId: string, day: string, visitor: string) => `${qrId}:${day}:${visitor}`;
export const dailyId = (qrId: string, day: string) => `${qrId}:${day}`;

function daily(qrId: string, day: string, inc: Record<string, number>): WriteOp {
  return {
    op: 'update',
    collection: QR_DAILY,
    id: dailyId(qrId, day),
    setOnInsert: { qrId, day },
    // Every counter is incremented (by 0 if need be) so each exists from the first event on.
    inc: { scans: 0, uniques: 0, signups: 0, ...inc },
    upsert: true,
  };
}

/**
 * The writes of some scans of one code: its list row's total, each day's counters and breakdowns
 * summed (one update per day), and each visitor's first visit of the day. A batch of scans gives
 * the same documents as the same scans one event at a time.
 */
function scanOps(qrId: string, scans: ReadonlyArray<Omit<QrScanned['data'], 'qrId'>>): WriteOp[] {
  if (scans.length === 0) return [];
  const days = new Map<string, Record<string, number>>();
  const visitors: WriteOp[] = [];
  for (const scan of scans) {
    const { day } = scan;
    const counts = days.get(day) ?? { scans: 0, uniques: 0 };
    days.set(day, counts);
    counts.scans = (counts.scans ?? 0) + 1;
    if (scan.firstVisitOfDay) counts.uniques = (counts.uniques ?? 0) + 1;
    for (const dimension of QR_BREAKDOWN_DIMENSIONS) {
      const value = scan[dimension];
      // null: past the day's cap of distinct values (the recorder decided), counted as Other.
      const field = `${dimension}.${value === null ? OTHER_KEY : breakdownKey(value ?? 'Unknown')}`;
      counts[field] = (counts[field] ?? 0) + 1;
    }
    // A visitor's first scan of the day: later ones find it in the read model already.
    if (typeof scan.visitor === 'string' && scan.firstVisitOfDay)
      visitors.push({
        op: 'put',
        collection: QR_VISITORS,
        doc: { _id: visitorKey(qrId, day, scan.visitor), qrId, day },
      });
  }
  return [
    { op: 'update', collection: QR_CODES, id: qrId, inc: { scans: scans.length } },
    ...[...days].map(([day, counts]) => daily(qrId, day, counts)),
    ...visitors,
  ];
}

const HANDLES = [
  'QrCodeCreated',
  'QrCodeUpdated',
  'QrTrackingToggled',
  'QrCodeDeleted',
  'QrScanned',
  'QrScansRecorded',
  'QrSignupRecorded',
  'QrSignupsRefused',
] as const satisfies readonly QrEvent['type'][];

/** Per code and day: scans, uniques, signups; breakdowns; the list rows; the signups table. */
export const qrProjection = defineProjection({
  name: 'qr',
  collections: [QR_CODES, QR_DAILY, QR_SIGNUPS, QR_VISITORS],
  handles: HANDLES,
  indexes: [
    { collection: QR_CODES, fields: ['userId'] },
    { collection: QR_DAILY, fields: ['qrId', 'day'] },
    { collection: QR_SIGNUPS, fields: ['qrId'] },
  ],
  project(event): WriteOp[] {
    switch (event.type) {
      case 'QrCodeCreated': {
        const { data } = event;
        const doc: QrCodeDoc = {
          _id: data.qrId,
          userId: data.userId,
          title: data.title,
          // Read as the first events were written: a code without these fields is direct and tracked.
          linkType: data.linkType === 'landing' ? 'landing' : 'direct',
          trackingEnabled: data.trackingEnabled !== false,
          createdAt: event.metadata.occurredAt,
          scans: 0,
          signups: 0,
        };
        return [{ op: 'put', collection: QR_CODES, doc }];
      }
      case 'QrCodeUpdated': {
        const { data } = event;
        return data.title !== undefined
          ? [{ op: 'update', collection: QR_CODES, id: data.qrId, set: { title: data.title } }]
          : [];
      }
      case 'QrTrackingToggled': {
        const { data } = event;
        return [
          {
            op: 'update',
            collection: QR_CODES,
            id: data.qrId,
            set: { trackingEnabled: data.trackingEnabled },
          },
        ];
      }
      case 'QrCodeDeleted': {
        const { data } = event;
        // The owner can no longer read them; the signups' addresses leave the read models too.
        return [
          { op: 'delete', collection: QR_CODES, id: data.qrId },
          { op: 'deleteMany', collection: QR_SIGNUPS, filter: { qrId: data.qrId } },
        ];
      }
      case 'QrScanned':
        return scanOps(event.data.qrId, [event.data]);
      case 'QrScansRecorded':
        return scanOps(event.data.qrId, event.data.scans);
      case 'QrSignupRecorded': {
        const { data } = event;
        const visitor = typeof data.visitor === 'string' ? data.visitor : undefined;
        const converted = visitor !== undefined && data.converted === true;
        return [
          { op: 'update', collection: QR_CODES, id: data.qrId, inc: { signups: 1 } },
          daily(data.qrId, data.day, {
            signups: 1,
            ...(visitor ? { trackedSignups: 1 } : {}),
            ...(converted ? { conversions: 1 } : {}),
          }),
          // The visitor has converted that day: a later signup from the same device is not another.
          ...(converted
            ? [
                {
                  op: 'update',
                  collection: QR_VISITORS,
                  id: visitorKey(data.qrId, data.day, visitor),
                  set: { converted: true },
                  setOnInsert: { qrId: data.qrId, day: data.day },
                  upsert: true,
                } satisfies WriteOp,
              ]
            : []),
          {
            op: 'put',
            collection: QR_SIGNUPS,
            doc: {
              _id: event.eventId,
              qrId: data.qrId,
              email: data.email,
              name: data.name ?? '',
              timestamp: event.metadata.occurredAt,
            },
          },
        ];
      }
      case 'QrSignupsRefused': {
        const { data } = event;
        // Only known reasons and whole positive counts are tallied.
        const refused = Object.entries((data.refused ?? {}) as Record<string, unknown>).filter(
          (entry): entry is [QrSignupRefusalReason, number] =>
            REFUSAL_REASONS.includes(entry[0] as QrSignupRefusalReason) &&
            Number.isInteger(entry[1]) &&
            (entry[1] as number) > 0,
        );
        if (refused.length === 0) return [];
        return [
          daily(
            data.qrId,
            data.day,
            Object.fromEntries(refused.map(([reason, count]) => [`refused.${reason}`, count])),
          ),
        ];
      }
      default:
        return assertNever(event);
    }
  },
});
