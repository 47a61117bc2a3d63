import type { GenerationEvent } from '@studio/events';
import type { Emitted } from '../platform/decider';
import { specFor, stateAfter } from '../testing/decider-spec';
import { claim, deadline, leaseExpiresAt } from '../testing/generation-job';
import { generationDecider } from './generation';

const spec = specFor(generationDecider);
const input = {
  title: 'Bees',
  description: 'All about bees and their hives',
  numChapters: 5,
  includeIntroduction: true,
};
/** The job every event and command here is about: g1, a non-fiction book of recA's. */
const job = { generationId: 'g1', userId: 'recA', kind: 'non-fiction-v2' } as const;
const queue = {
  type: 'QueueJob',
  generationId: 'g1',
  userId: 'recA',
  request: { kind: 'non-fiction-v2', input },
} as const;
const queued: Emitted<GenerationEvent> = {
  type: 'GenerationQueued',
  data: { ...job, input },
};
const started = (phase: 'main' | 'book' = 'main'): Emitted<GenerationEvent> => ({
  type: 'GenerationStarted',
  data: {
    ...job,
    phase,
    workerId: 'w1',
    input,
    deadline,
    leaseExpiresAt,
  },
});
const completed: Emitted<GenerationEvent> = {
  type: 'GenerationCompleted',
  data: { ...job, artifacts: [] },
};
const failed: Emitted<GenerationEvent> = {
  type: 'GenerationFailed',
  data: { ...job, reason: 'x', code: 'PROVIDER_ERROR' },
};
const outlines: Emitted<GenerationEvent> = {
  type: 'GenerationOutlinesReady',
  data: { generationId: 'g1', outlines: ['a', 'b', 'c'] },
};
const fail = {
  type: 'FailJob',
  ...job,
  reason: 'boom',
  code: 'PROVIDER_ERROR',
} as const;

describe('generation decider', () => {
  it('given a requested job, when it is queued, then its stream opens with the request, once', () => {
    spec([]).when(queue).then([queued]);
    spec([queued]).when(queue).thenNothing();
    // A stream opened before GenerationQueued (its request is in GenerationStarted), or failed
    // before any worker saw it, is left alone.
    spec([started()]).when(queue).thenNothing();
    spec([failed]).when(queue).thenNothing();
  });

  it('given a queued job, when a worker claims it, then it starts with the queued request', () => {
    spec([queued]).when(claim()).then([started()]);
  });

  it('given a job never queued, when a worker claims it, then nothing (there is no input to run)', () => {
    spec([]).when(claim()).thenNothing();
  });

  it('given a started job, when another worker claims it, then nothing (the duplicate is skipped)', () => {
    spec([started()]).when(claim()).thenNothing();
  });

  it('given a finished job, when it is claimed again, then nothing', () => {
    spec([started(), completed]).when(claim()).thenNothing();
    spec([started(), failed]).when(claim()).thenNothing();
  });

  it('given a running job, when it completes, then GenerationCompleted carries owner and kind', () => {
    spec([started()]).when({ type: 'CompleteJob', generationId: 'g1', artifacts: [] }).then([completed]);
  });

  it('given a completed job, when it completes or fails again, then nothing', () => {
    spec([started(), completed])
      .when({ type: 'CompleteJob', generationId: 'g1', artifacts: [] })
      .thenNothing();
    spec([started(), completed]).when(fail).thenNothing();
  });

  it('given a failed job, when the failure is reported twice, then only one failure exists', () => {
    spec([started(), failed]).when(fail).thenNothing();
  });

  it('given a job no worker claimed, when it times out, then it fails with the request owner', () => {
    spec([])
      .when({ ...fail, code: 'TIMEOUT', reason: 'timed out' })
      .then([
        {
          ...failed,
          data: { ...(failed.data as object), reason: 'timed out', code: 'TIMEOUT' },
        } as Emitted<GenerationEvent>,
      ]);
  });

  it('clamps progress to 0..100 and ignores it once finished', () => {
    spec([started()])
      .when({ type: 'ReportProgress', generationId: 'g1', progress: 140.2, step: 'Rendering' })
      .then([
        { type: 'GenerationProgressed', data: { generationId: 'g1', progress: 100, step: 'Rendering' } },
      ]);
    spec([started(), completed])
      .when({ type: 'ReportProgress', generationId: 'g1', progress: 50, step: 'x' })
      .thenNothing();
  });

  it('rounds progress to a whole percent and never reports less than 0', () => {
    spec([started()])
      .when({ type: 'ReportProgress', generationId: 'g1', progress: 40.6, step: 'Drawing' })
      .then([{ type: 'GenerationProgressed', data: { generationId: 'g1', progress: 41, step: 'Drawing' } }]);
    spec([started()])
      .when({ type: 'ReportProgress', generationId: 'g1', progress: -5, step: 'Drawing' })
      .then([{ type: 'GenerationProgressed', data: { generationId: 'g1', progress: 0, step: 'Drawing' } }]);
  });

  it('a job not yet claimed has no progress to report and cannot complete', () => {
    spec([]).when({ type: 'ReportProgress', generationId: 'g1', progress: 5, step: 'x' }).thenNothing();
    spec([]).when({ type: 'CompleteJob', generationId: 'g1', artifacts: [] }).thenNothing();
  });

  it('a completion carries its title, result and artifacts', () => {
    const artifacts = [{ blobId: 'b1', contentType: 'image/png', role: 'image', bytes: 3 }];
    spec([started()])
      .when({ type: 'CompleteJob', generationId: 'g1', artifacts, title: 'Bees', result: { pages: 3 } })
      .then([
        {
          type: 'GenerationCompleted',
          data: {
            ...job,
            artifacts,
            title: 'Bees',
            result: { pages: 3 },
          },
        },
      ]);
  });

  describe('Gen 2.0 two phases', () => {
    it('given outlines are ready, when the owner chooses one, then the book phase can be claimed', () => {
      spec([started(), outlines])
        .when({ type: 'ChooseOutline', generationId: 'g1', userId: 'recA', outlineIndex: 2 })
        .then([{ type: 'GenerationOutlineChosen', data: { generationId: 'g1', outlineIndex: 2 } }]);
      spec([
        started(),
        outlines,
        { type: 'GenerationOutlineChosen', data: { generationId: 'g1', outlineIndex: 2 } },
      ])
        .when(claim('book'))
        .then([started('book')]);
    });

    it('refuses another user choosing an outline, and a choice before the outlines exist', () => {
      spec([started(), outlines])
        .when({ type: 'ChooseOutline', generationId: 'g1', userId: 'recB', outlineIndex: 0 })
        .thenError('NOT_FOUND', 'Book not found');
      spec([started()])
        .when({ type: 'ChooseOutline', generationId: 'g1', userId: 'recA', outlineIndex: 0 })
        .thenError('CONFLICT', 'The outlines are not ready yet');
    });

    it('treats choosing the same outline twice as one choice', () => {
      spec([
        started(),
        outlines,
        { type: 'GenerationOutlineChosen', data: { generationId: 'g1', outlineIndex: 1 } },
      ])
        .when({ type: 'ChooseOutline', generationId: 'g1', userId: 'recA', outlineIndex: 1 })
        .thenNothing();
    });

    it('refuses another outline once one is chosen, being generated or done', () => {
      const chosen: Emitted<GenerationEvent> = {
        type: 'GenerationOutlineChosen',
        data: { generationId: 'g1', outlineIndex: 1 },
      };
      const other = { type: 'ChooseOutline', generationId: 'g1', userId: 'recA', outlineIndex: 2 } as const;
      const same = { ...other, outlineIndex: 1 } as const;
      for (const given of [
        [started(), outlines, chosen],
        [started(), outlines, chosen, started('book')],
        [started(), outlines, chosen, started('book'), completed],
      ]) {
        spec(given)
          .when(other)
          .thenError('CONFLICT', 'A book is already being generated from another outline');
        spec(given).when(same).thenNothing();
      }
    });

    it('records the outlines of the main phase only', () => {
      const record = {
        type: 'RecordOutlines',
        generationId: 'g1',
        outlines: ['a', 'b', 'c'] as [string, string, string],
      } as const;
      spec([started()]).when(record).then([outlines]);
      const chosen: Emitted<GenerationEvent> = {
        type: 'GenerationOutlineChosen',
        data: { generationId: 'g1', outlineIndex: 0 },
      };
      spec([started(), outlines, chosen, started('book')])
        .when(record)
        .thenNothing();
      spec([]).when(record).thenNothing();
    });

    it('the book phase reports progress and completes like the main phase', () => {
      const chosen: Emitted<GenerationEvent> = {
        type: 'GenerationOutlineChosen',
        data: { generationId: 'g1', outlineIndex: 0 },
      };
      const book = [started(), outlines, chosen, started('book')];
      spec(book)
        .when({ type: 'ReportProgress', generationId: 'g1', progress: 10, step: 'Chapter 1' })
        .then([
          { type: 'GenerationProgressed', data: { generationId: 'g1', progress: 10, step: 'Chapter 1' } },
        ]);
      spec(book).when({ type: 'CompleteJob', generationId: 'g1', artifacts: [] }).then([completed]);
    });

    it('cannot claim the book phase before an outline is chosen', () => {
      spec([started(), outlines]).when(claim('book')).thenNothing();
    });
  });

  describe('leases', () => {
    const heartbeat = (workerId: string, until: string) =>
      ({ type: 'Heartbeat', generationId: 'g1', workerId, leaseExpiresAt: until }) as const;
    const expire = (now: string) =>
      ({
        type: 'ExpireLease',
        ...job,
        now,
        maxAttempts: 2,
      }) as const;
    const released = (phase: 'main' | 'book' = 'main'): Emitted<GenerationEvent> => ({
      type: 'GenerationReleased',
      data: {
        ...job,
        phase,
        workerId: 'w1',
        attempt: 1,
        reason: 'lease-expired',
      },
    });
    const beat = (until: string): Emitted<GenerationEvent> => ({
      type: 'GenerationHeartbeat',
      data: { generationId: 'g1', workerId: 'w1', leaseExpiresAt: until },
    });
    const timedOut: Emitted<GenerationEvent> = {
      type: 'GenerationFailed',
      data: {
        ...job,
        reason: 'The generation stopped responding and was stopped. Your credits have been refunded.',
        code: 'TIMEOUT',
      },
    };

    it('the worker holding the lease extends it; any other worker cannot', () => {
      spec([started()])
        .when(heartbeat('w1', '2026-01-01T00:01:30.000Z'))
        .then([beat('2026-01-01T00:01:30.000Z')]);
      spec([started()]).when(heartbeat('w2', '2026-01-01T00:01:30.000Z')).thenNothing();
      spec([started(), completed]).when(heartbeat('w1', '2026-01-01T00:01:30.000Z')).thenNothing();
    });

    it('a live lease is not expired', () => {
      spec([started()]).when(expire('2026-01-01T00:00:44.000Z')).thenNothing();
      spec([started(), beat('2026-01-01T00:01:30.000Z')])
        .when(expire('2026-01-01T00:01:00.000Z'))
        .thenNothing();
    });

    it('an expired lease releases the job for another attempt, which may claim it again', () => {
      spec([started()]).when(expire('2026-01-01T00:00:46.000Z')).then([released()]);
      spec([started(), released()]).when(claim()).then([started()]);
    });

    it('a retried attempt is the new worker’s, with the request from the stream', () => {
      const later = { deadline: '2026-01-01T00:20:00.000Z', leaseExpiresAt: '2026-01-01T00:11:00.000Z' };
      const first = started().data as Extract<GenerationEvent, { type: 'GenerationStarted' }>['data'];
      spec([queued, started(), released()])
        .when({ ...claim(), workerId: 'w2', ...later })
        .then([{ type: 'GenerationStarted', data: { ...first, workerId: 'w2', ...later } }]);
      // A stream from before GenerationQueued: its first GenerationStarted holds the request.
      spec([started(), released()])
        .when({ ...claim(), workerId: 'w2', ...later })
        .then([{ type: 'GenerationStarted', data: { ...first, workerId: 'w2', ...later } }]);
    });

    it('the book phase goes back to the book queue', () => {
      const chosen: Emitted<GenerationEvent> = {
        type: 'GenerationOutlineChosen',
        data: { generationId: 'g1', outlineIndex: 0 },
      };
      spec([started(), outlines, chosen, started('book')])
        .when(expire('2026-01-01T00:00:46.000Z'))
        .then([released('book')]);
      spec([started(), outlines, chosen, started('book'), released('book')])
        .when(claim('book'))
        .then([started('book')]);
    });

    it('after the last attempt the job fails as timed out (which refunds it)', () => {
      spec([started(), released(), started()]).when(expire('2026-01-01T00:00:46.000Z')).then([timedOut]);
    });

    it('a worker shutting down hands its running job back without using up an attempt', () => {
      const handedBack: Emitted<GenerationEvent> = {
        type: 'GenerationReleased',
        data: {
          ...job,
          phase: 'main',
          workerId: 'w1',
          attempt: 0,
          reason: 'shutdown',
        },
      };
      spec([started()]).when({ type: 'ReleaseJob', generationId: 'g1', workerId: 'w1' }).then([handedBack]);
      spec([started()]).when({ type: 'ReleaseJob', generationId: 'g1', workerId: 'w2' }).thenNothing();
      spec([started(), completed])
        .when({ type: 'ReleaseJob', generationId: 'g1', workerId: 'w1' })
        .thenNothing();
      // Two hand-backs and one expiry still leave the second of two attempts.
      spec([started(), handedBack, started(), handedBack, started()])
        .when(expire('2026-01-01T00:00:46.000Z'))
        .then([released()]);
    });

    it('a lease expires only after its moment has passed', () => {
      spec([started()]).when(expire(leaseExpiresAt)).thenNothing();
      spec([started()]).when(expire('2026-01-01T00:00:45.001Z')).then([released()]);
    });

    it('a job started before leases existed (no lease recorded) is never expired by the supervisor', () => {
      const { leaseExpiresAt: _none, ...legacy } = started().data as Record<string, unknown>;
      spec([{ type: 'GenerationStarted', data: legacy } as Emitted<GenerationEvent>])
        .when(expire('2026-01-01T05:00:00.000Z'))
        .thenNothing();
    });

    it('a second expiry of a re-claimed job counts as attempt 2', () => {
      spec([started(), released(), started()])
        .when({ ...expire('2026-01-01T00:00:46.000Z'), maxAttempts: 3 })
        .then([
          {
            ...released(),
            data: { ...(released().data as object), attempt: 2 },
          } as Emitted<GenerationEvent>,
        ]);
    });

    it('a renewed lease keeps the job past its first lease', () => {
      spec([started(), beat('2026-01-01T00:01:30.000Z')])
        .when(expire('2026-01-01T00:01:30.001Z'))
        .then([released()]);
    });

    it('a finished or queued job has no lease to expire', () => {
      spec([started(), completed]).when(expire('2026-01-01T00:05:00.000Z')).thenNothing();
      spec([started(), released()]).when(expire('2026-01-01T00:05:00.000Z')).thenNothing();
      spec([]).when(expire('2026-01-01T00:05:00.000Z')).thenNothing();
    });
  });

  describe('finished parts (resumable jobs)', () => {
    const record = (
      part: string,
      value: { text?: unknown; blobId?: string },
      phase: 'main' | 'book' = 'main',
    ) => ({ type: 'RecordPart', generationId: 'g1', phase, part, ...value }) as const;
    const recorded = (
      part: string,
      value: { text?: unknown; blobId?: string },
    ): Emitted<GenerationEvent> => ({
      type: 'GenerationPartRecorded',
      data: { generationId: 'g1', phase: 'main', part, ...value },
    });

    it('records a running phase’s part once, a text or a picture, and the state keeps it for the next attempt', () => {
      spec([started()])
        .when(record('chapter-1', { text: { title: 'One', paragraphs: ['p'] } }))
        .then([recorded('chapter-1', { text: { title: 'One', paragraphs: ['p'] } })]);
      spec([started()])
        .when(record('page-1', { blobId: 'b1' }))
        .then([recorded('page-1', { blobId: 'b1' })]);
      spec([started(), recorded('page-1', { blobId: 'b1' })])
        .when(record('page-1', { blobId: 'b2' }))
        .thenNothing();
      const state = stateAfter(generationDecider, [started(), recorded('page-1', { blobId: 'b1' })]);
      expect(state.parts).toEqual({ 'main/page-1': { blobId: 'b1' } });
    });

    it('records nothing for a phase that is not running, nor a part that is neither text nor picture', () => {
      spec([])
        .when(record('page-1', { blobId: 'b1' }))
        .thenNothing();
      spec([started(), completed])
        .when(record('page-1', { blobId: 'b1' }))
        .thenNothing();
      spec([started()])
        .when(record('page-1', { blobId: 'b1' }, 'book'))
        .thenNothing();
      spec([started()])
        .when(record('page-1', {}))
        .thenError('VALIDATION', 'A part is either a text or a picture');
    });
  });
});

describe('a later phase claimed with the request from the stream', () => {
  const chosen: Emitted<GenerationEvent> = {
    type: 'GenerationOutlineChosen',
    data: { generationId: 'g1', outlineIndex: 1 },
  };
  it('given chosen outlines, when the book phase is claimed, then it starts as the book phase with the queued request', () => {
    spec([queued, started(), outlines, chosen])
      .when(claim('book'))
      .then([started('book')]);
  });
});

describe('editing a finished book', () => {
  const kids = { storyDescription: 'Pip swims', characterName: 'Pip', characterGender: 'boy' as const };
  const kidsStarted: Emitted<GenerationEvent> = {
    type: 'GenerationStarted',
    data: { ...started().data, kind: 'kids-book', input: kids, author: 'Tess' } as never,
  };
  const kidsCompleted = (result: Record<string, unknown>): Emitted<GenerationEvent> => ({
    type: 'GenerationCompleted',
    data: { generationId: 'g1', userId: 'recA', kind: 'kids-book', title: 'Pip', artifacts: [], result },
  });
  const done = kidsCompleted({ pages: ['one', 'two'] });
  /** Noon of the day the given events happened (`stateAfter` records them at its midnight). */
  const NOON = '2026-01-01T12:00:00.000Z';
  const edit = (edits: Record<string, unknown>, userId = 'recA', at = NOON) =>
    ({ type: 'EditBook', generationId: 'g1', userId, edits, at }) as const;
  const edited = (revision: number, edits: Record<string, unknown>): Emitted<GenerationEvent> => ({
    type: 'GenerationEdited',
    data: { generationId: 'g1', userId: 'recA', kind: 'kids-book', revision, edits },
  });
  const rebuildClaim = { ...claim(), phase: 'rebuild' as const };

  it('given a finished book, when its owner edits it, then the edit is recorded (revision 1)', () => {
    spec([kidsStarted, done])
      .when(edit({ title: 'Pip and the Sea' }))
      .then([edited(1, { title: 'Pip and the Sea' })]);
  });

  it('given an edit being rebuilt, when another edit arrives, then 409 (never two rebuilds)', () => {
    spec([kidsStarted, done, edited(1, { title: 'A' })])
      .when(edit({ title: 'B' }))
      .thenError('CONFLICT', 'The book is being rebuilt with your last changes; try again when it is done');
  });

  it('given a finished book, an edit that changes nothing records nothing (no rebuild)', () => {
    spec([kidsStarted, done])
      .when(edit({ title: 'Pip', author: 'Tess', pages: [{ index: 1, text: 'two' }] }))
      .thenNothing();
    spec([kidsStarted, done])
      .when(edit({ subtitle: '' }))
      .thenNothing();
  });

  it('given ten rebuilds within 24 hours, the eleventh edit is refused until the first is a day old', () => {
    const tenRebuilds = Array.from({ length: 10 }, (_, i) => [
      edited(i + 1, { title: `T${i}` }),
      done,
    ]).flat();
    spec([kidsStarted, done, ...tenRebuilds])
      .when(edit({ title: 'Eleven' }))
      .thenError(
        'RATE_LIMITED',
        'This book was rebuilt 10 times in the last 24 hours, the most it is rebuilt for free. You can save new changes in about 12 hours.',
      );
    // A day after the first of them (all at midnight), the allowance is whole again.
    spec([kidsStarted, done, ...tenRebuilds])
      .when(edit({ title: 'Eleven' }, 'recA', '2026-01-02T00:00:00.000Z'))
      .then([edited(11, { title: 'Eleven' })]);
    // Nine leave room for a tenth.
    spec([kidsStarted, done, ...tenRebuilds.slice(2)])
      .when(edit({ title: 'Ten' }))
      .then([edited(11, { title: 'Ten' })]);
  });

  it('given a book still being made, an edit is a 409; from a stranger a 404', () => {
    spec([kidsStarted])
      .when(edit({ title: 'Early' }))
      .thenError('CONFLICT');
    spec([kidsStarted, done])
      .when(edit({ title: 'Mine' }, 'recB'))
      .thenError('NOT_FOUND');
  });

  it('given a page the book does not have, then 400 and nothing recorded', () => {
    spec([kidsStarted, done])
      .when(edit({ pages: [{ index: 2, text: 'three' }] }))
      .thenError('VALIDATION', 'The book has no page 3');
  });

  it('given non-fiction finished before its text was kept, then 409 saying so', () => {
    spec([started(), completed])
      .when({ ...edit({ title: 'New' }) })
      .thenError('CONFLICT', 'This book was made before its text was kept, so it cannot be edited');
  });

  it('given an edit, the rebuild phase is claimed once; a failed rebuild keeps the files and refunds nothing', () => {
    const rebuildStarted: Emitted<GenerationEvent> = {
      type: 'GenerationStarted',
      data: {
        kind: 'kids-book',
        input: kids,
        author: 'Tess',
        generationId: 'g1',
        userId: 'recA',
        phase: 'rebuild',
        workerId: 'w1',
        deadline,
        leaseExpiresAt,
      },
    };
    const given = [kidsStarted, done, edited(1, { title: 'A' })];
    spec(given).when(rebuildClaim).then([rebuildStarted]);
    spec([...given, rebuildStarted])
      .when(rebuildClaim)
      .thenNothing();
    spec([...given, rebuildStarted])
      .when({ ...fail, kind: 'kids-book' })
      .then([
        {
          type: 'GenerationRebuildFailed',
          data: {
            generationId: 'g1',
            userId: 'recA',
            kind: 'kids-book',
            reason: 'Your changes could not be typeset (boom); the book keeps its previous files.',
          },
        },
      ]);
  });

  it('given a failed rebuild, the next edit applies to the text of the files, not the failed edit', () => {
    const failedRebuild: Emitted<GenerationEvent> = {
      type: 'GenerationRebuildFailed',
      data: { generationId: 'g1', userId: 'recA', kind: 'kids-book', reason: 'x' },
    };
    const given = [kidsStarted, done, edited(1, { title: 'A' }), failedRebuild];
    expect(stateAfter(generationDecider, given).edition).toEqual({
      title: 'Pip',
      author: 'Tess',
      pages: ['one', 'two'],
    });
    spec(given)
      .when(edit({ author: 'Nell' }))
      .then([edited(2, { author: 'Nell' })]);
  });
});
