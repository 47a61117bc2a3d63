import type { GenerationEvent } from '@studio/events';
import { assertNever, type Decider } from '../platform/decider';
import { type EditBook, editBook } from './job/book-edits';
import type { EditBrief } from './job/brief';
import {
  type ClaimJob,
  type CompleteJob,
  claimJob,
  completeJob,
  type ExpireLease,
  expireLease,
  type FailJob,
  failJob,
  type Heartbeat,
  heartbeat,
  type QueueJob,
  queueJob,
  type RecordPart,
  type ReleaseJob,
  type ReportProgress,
  recordPart,
  releaseJob,
  reportProgress,
} from './job/lifecycle';
import type { RewriteOutlinesPaid } from './job/outline-rewrite-price';
import {
  type ChooseOutline,
  chooseOutline,
  type EditOutline,
  editBrief,
  editOutline,
  type RecordOutlines,
  type RewriteOutlines,
  recordOutlines,
  rewriteOutlines,
  rewriteOutlinesPaid,
} from './job/outlines';
import { decidePartVersions, type PartVersionCommand } from './job/part-versions';
import { decideResumeJob, type ResumeJob } from './job/resume';
import { evolveGeneration, type GenerationState, initialGenerationState } from './job/state';

/**
 * The decider of one job on `generation-{id}`: every command is idempotent, and each has its own
 * function beside its shape in `job/` (the job's life, Gen 2.0's outlines, a failed job resumed, a finished book's edits, its parts written again).
 */
export type GenerationCommand =
  | QueueJob
  | ResumeJob
  | ClaimJob
  | Heartbeat
  | ReleaseJob
  | ExpireLease
  | ReportProgress
  | RecordPart
  | RecordOutlines
  | ChooseOutline
  | EditOutline
  | RewriteOutlines
  | RewriteOutlinesPaid
  | EditBrief
  | EditBook
  | CompleteJob
  | FailJob
  /** Regenerating one part of a finished book (`job/part-versions.ts`). */
  | PartVersionCommand;

export const generationDecider: Decider<GenerationCommand, GenerationEvent, GenerationState> = {
  initialState: initialGenerationState,
  evolve: evolveGeneration,
  decide: (command, state) => {
    switch (command.type) {
      case 'QueueJob':
        return queueJob(command, state);
      case 'ClaimJob':
        return claimJob(command, state);
      case 'Heartbeat':
        return heartbeat(command, state);
      case 'ReleaseJob':
        return releaseJob(command, state);
      case 'ExpireLease':
        return expireLease(command, state);
      case 'ReportProgress':
        return reportProgress(command, state);
      case 'RecordPart':
        return recordPart(command, state);
      case 'RecordOutlines':
        return recordOutlines(command, state);
      case 'ChooseOutline':
        return chooseOutline(command, state);
      case 'EditOutline':
        return editOutline(command, state);
      case 'RewriteOutlines':
        return rewriteOutlines(command, state);
      case 'RewriteOutlinesPaid':
        return rewriteOutlinesPaid(command, state);
      case 'EditBrief':
        return editBrief(command, state);
      case 'EditBook':
        return editBook(command, state);
      case 'CompleteJob':
        return completeJob(command, state);
      case 'ResumeJob':
        return decideResumeJob(command, state);
      case 'FailJob':
        return failJob(command, state);
      case 'RegeneratePart':
      case 'RecordPartVersion':
      case 'FailPartRegeneration':
      case 'ChoosePartVersion':
        return decidePartVersions(command, state);
      default:
        return assertNever(command);
    }
  },
};
