import type {
  AiUsage,
  ArtifactRef,
  GenerationCompleted,
  GenerationEvent,
  GenerationFailed,
  GenerationKind,
  GenerationPartRecorded,
  GenerationPhase,
  GenerationRequest,
} from '@studio/events';
import { QUEUED_FOR } from '@studio/events';
import type { Emitted } from '../../platform/decider';
import { DomainError } from '../../platform/errors';
import { resumeRoundOf } from './resume';
import { FINISHED, type GenerationState, partKey, REBUILDING, RUNNING, requestOf } from './state';

/** A job's life from queue to outcome: the commands the intake, workers and supervisor send. */

type Decision = Emitted<GenerationEvent>[];

/** Opens the job's stream with the request the account recorded (GenerationRequested). */
export interface QueueJob {
  type: 'QueueJob';
  generationId: string;
  userId: string;
  request: GenerationRequest;
}

export function queueJob({ generationId, userId, request }: QueueJob, state: GenerationState): Decision {
  // Once: a stream that has its request (or was failed before any worker saw it) is left alone.
  if (state.request || state.status !== 'requested') return [];
  return [{ type: 'GenerationQueued', data: { ...requestOf(request), generationId, userId } }];
}

export interface ClaimJob {
  type: 'ClaimJob';
  phase: GenerationPhase;
  generationId: string;
  userId: string;
  workerId: string;
  deadline: string;
  leaseExpiresAt: string;
}

export function claimJob(command: ClaimJob, state: GenerationState): Decision {
  if (state.status !== QUEUED_FOR[command.phase] || !state.request) return [];
  const { generationId, userId, phase, workerId, deadline, leaseExpiresAt } = command;
  return [
    {
      type: 'GenerationStarted',
      data: { ...requestOf(state.request), generationId, userId, phase, workerId, deadline, leaseExpiresAt },
    },
  ];
}

export interface Heartbeat {
  type: 'Heartbeat';
  generationId: string;
  workerId: string;
  leaseExpiresAt: string;
}

export function heartbeat(
  { generationId, workerId, leaseExpiresAt }: Heartbeat,
  state: GenerationState,
): Decision {
  // Only the lease holder may extend it: a worker whose job was released just stops.
  if (!RUNNING.includes(state.status) || state.workerId !== workerId) return [];
  return [{ type: 'GenerationHeartbeat', data: { generationId, workerId, leaseExpiresAt } }];
}

/** A worker shutting down hands its running job back to the queue. */
export interface ReleaseJob {
  type: 'ReleaseJob';
  generationId: string;
  workerId: string;
}

export function releaseJob({ generationId, workerId }: ReleaseJob, state: GenerationState): Decision {
  if (!RUNNING.includes(state.status) || state.workerId !== workerId) return [];
  if (!state.userId || !state.request) return [];
  return [
    {
      type: 'GenerationReleased',
      data: {
        generationId,
        userId: state.userId,
        kind: state.request.kind,
        phase: state.phase ?? 'main',
        workerId,
        attempt: state.releases,
        reason: 'shutdown',
      },
    },
  ];
}

/** The supervisor's check of a running job's lease; `now` comes from its clock. */
export interface ExpireLease {
  type: 'ExpireLease';
  generationId: string;
  userId: string;
  kind: GenerationKind;
  now: string;
  maxAttempts: number;
}

export function expireLease(command: ExpireLease, state: GenerationState): Decision {
  if (!RUNNING.includes(state.status) || !state.leaseExpiresAt) return [];
  if (Date.parse(command.now) <= Date.parse(state.leaseExpiresAt)) return [];
  const { generationId, userId, kind } = command;
  if (state.releases + 1 >= command.maxAttempts) {
    if (state.phase === 'rebuild') return [rebuildFailed(command, 'it stopped responding')];
    const reason = 'The generation stopped responding and was stopped. Your credits have been refunded.';
    return [
      {
        type: 'GenerationFailed',
        data: { generationId, userId, kind, reason, code: 'TIMEOUT', ...resumeRoundOf(state) },
      },
    ];
  }
  return [
    {
      type: 'GenerationReleased',
      data: {
        generationId,
        userId,
        kind,
        phase: state.phase ?? 'main',
        workerId: state.workerId ?? '',
        attempt: state.releases + 1,
        reason: 'lease-expired',
      },
    },
  ];
}

export interface ReportProgress {
  type: 'ReportProgress';
  generationId: string;
  progress: number;
  step: string;
}

export function reportProgress(
  { generationId, progress, step }: ReportProgress,
  state: GenerationState,
): Decision {
  if (!RUNNING.includes(state.status)) return [];
  const clamped = Math.max(0, Math.min(100, Math.round(progress)));
  return [{ type: 'GenerationProgressed', data: { generationId, progress: clamped, step } }];
}

/** What the part's event will record, as the worker hands it over. */
export type RecordPart = { type: 'RecordPart' } & GenerationPartRecorded['data'];

export function recordPart(command: RecordPart, state: GenerationState): Decision {
  // Any attempt's finished part counts (it was paid for), once, while its phase runs.
  const { generationId, phase, part, text, blobId, usage } = command;
  if (!RUNNING.includes(state.status) || state.phase !== phase) return [];
  if (state.parts?.[partKey(phase, part)]) return [];
  if ((text === undefined) === (blobId === undefined))
    throw new DomainError('VALIDATION', 'A part is either a text or a picture');
  return [
    {
      type: 'GenerationPartRecorded',
      data: {
        generationId,
        phase,
        part,
        ...(text !== undefined ? { text } : {}),
        ...(blobId !== undefined ? { blobId } : {}),
        ...used(usage),
      },
    },
  ];
}

export interface CompleteJob {
  type: 'CompleteJob';
  generationId: string;
  title?: string;
  artifacts: ArtifactRef[];
  result?: Record<string, unknown>;
  usage?: AiUsage[];
}

export function completeJob(command: CompleteJob, state: GenerationState): Decision {
  if (!RUNNING.includes(state.status) || !state.userId || !state.request) return [];
  const data: GenerationCompleted['data'] = {
    generationId: command.generationId,
    userId: state.userId,
    kind: state.request.kind,
    artifacts: command.artifacts,
    ...(command.title !== undefined ? { title: command.title } : {}),
    ...(command.result !== undefined ? { result: command.result } : {}),
    ...used(command.usage),
  };
  return [{ type: 'GenerationCompleted', data }];
}

export interface FailJob {
  type: 'FailJob';
  generationId: string;
  /** Known from the request, so that a job no worker ever claimed can still be failed. */
  userId: string;
  kind: GenerationKind;
  reason: string;
  code: GenerationFailed['data']['code'];
  usage?: AiUsage[];
}

export function failJob(command: FailJob, state: GenerationState): Decision {
  if (FINISHED.includes(state.status)) return [];
  if (REBUILDING.includes(state.status))
    return [rebuildFailed(command, command.code === 'TIMEOUT' ? 'it took too long' : command.reason)];
  const { generationId, userId, kind, reason, code, usage } = command;
  return [
    {
      type: 'GenerationFailed',
      data: { generationId, userId, kind, reason, code, ...used(usage), ...resumeRoundOf(state) },
    },
  ];
}

/** A rebuild that fails keeps the previous files: it is never a refund. */
function rebuildFailed(
  { generationId, userId, kind }: { generationId: string; userId: string; kind: GenerationKind },
  reason: string,
): Emitted<GenerationEvent> {
  return {
    type: 'GenerationRebuildFailed',
    data: {
      generationId,
      userId,
      kind,
      reason: `Your changes could not be typeset (${reason}); the book keeps its previous files.`,
    },
  };
}

/** A command's provider usage, for its event: only when there is some. */
export const used = (usage: AiUsage[] | undefined) => (usage && usage.length > 0 ? { usage } : {});
