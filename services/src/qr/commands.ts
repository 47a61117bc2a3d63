import { type QrEvent, type QrScanRecord, qrActivityStream, qrStream, upcast } from '@studio/events';
import type { CommandContext, CommandHandler } from '../platform/command-handler';
import { fold } from '../platform/decider';
import type { EventStore } from '../platform/eventstore/port';
import { nameBasedId, newEventId, newId } from '../platform/ids';
import { type QrCodeState, type QrCommand, qrDecider } from './decider';

type CodeCommand = Exclude<QrCommand, { type: 'RecordScan' } | { type: 'RecordSignup' }>;
type ActivityCommand = Extract<QrCommand, { type: 'RecordScan' } | { type: 'RecordSignup' }>;

/** Create, update, toggle, delete: the usual read → decide → append on `qr-{id}`. */
export async function handleQrCommand(
  commands: CommandHandler,
  qrId: string,
  command: CodeCommand,
  context: CommandContext,
): Promise<QrCodeState> {
  const result = await commands.handle(qrStream(qrId), qrDecider, command, context);
  return result.state;
}

export async function loadQrCode(eventStore: EventStore, qrId: string): Promise<QrCodeState> {
  const events = (await eventStore.readStream(qrStream(qrId))).map((e) => upcast(e) as unknown as QrEvent);
  return fold(qrDecider, events);
}

/**
 * Scans and signups are decided against the code (it must exist and be live; scans need tracking)
 * but appended to `qractivity-{id}` with no expected revision: nothing folds that stream, so the
 * code's own stream, which every command and every public page reads, stays a handful of events
 * however many scans arrive. (Chosen over decider snapshots: no snapshot to keep in step, and
 * appends never conflict.)
 */
function decideActivity(state: QrCodeState, command: ActivityCommand, context: CommandContext): QrEvent[] {
  return qrDecider.decide(command, state).map(
    (emitted) =>
      ({
        eventId: newEventId(),
        type: emitted.type,
        data: emitted.data,
        metadata: {
          correlationId: context.correlationId,
          causationId: context.causationId,
          occurredAt: context.at,
          schemaVersion: 1,
        },
      }) as QrEvent,
  );
}

/**
 * A signup, decided like any activity, but one subscriber per code and address: the address is
 * trimmed and lower-cased, and the event's id is derived from the code and that address, so the
 * store's idempotent append turns a second signup of the same reader (even a concurrent one) into
 * a no-op. Counts, conversion and the CSV then hold each reader once.
 */
/** The id of a reader's signup to a code: one per code and trimmed, lower-cased address. */
export const signupId = (qrId: string, email: string) =>
  nameBasedId(`qr-signup:${qrId}:${email.trim().toLowerCase()}`);

export function decideSignup(
  state: QrCodeState,
  command: Omit<Extract<QrCommand, { type: 'RecordSignup' }>, 'type'>,
  context: CommandContext,
): QrEvent[] {
  const email = command.email.trim().toLowerCase();
  return decideActivity(state, { ...command, type: 'RecordSignup', email }, context).map((event) => ({
    ...event,
    eventId: signupId(state.qrId, email),
  }));
}

/**
 * One scan decided against the code (live, tracking on), as the record a batch keeps: the
 * `QrScanned` data without the code's id, plus its time. Null when nothing is to be recorded.
 */
export function decideScan(
  state: QrCodeState,
  command: Extract<QrCommand, { type: 'RecordScan' }>,
  at: string,
): QrScanRecord | null {
  const [scanned] = qrDecider.decide(command, state);
  if (scanned?.type !== 'QrScanned') return null;
  const { qrId: _id, ...scan } = scanned.data;
  return { ...scan, at };
}

/**
 * The scans of one code within one batch window, as one `QrScansRecorded` event (each scan keeps
 * its own time): the log, the subscribers and the read models handle one event per batch instead
 * of one per visitor.
 */
export function scanBatch(qrId: string, scans: QrScanRecord[]): QrEvent[] {
  const last = scans.at(-1);
  if (!last) return [];
  return [
    {
      eventId: newEventId(),
      type: 'QrScansRecorded',
      data: { qrId, scans },
      metadata: { correlationId: newId(), causationId: 'scans', occurredAt: last.at, schemaVersion: 1 },
    },
  ];
}

/** `lazySync` for scan batches: the visitor was answered before the write, nobody waits on the disk. */
export async function appendActivity(
  eventStore: EventStore,
  qrId: string,
  events: QrEvent[],
  options: { lazySync?: boolean } = {},
): Promise<void> {
  if (events.length > 0)
    await eventStore.append(qrActivityStream(qrId), events, { expectedRevision: 'any', ...options });
}
