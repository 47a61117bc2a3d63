import { GENERATION_KINDS, GENERATION_STATUSES, type GenerationPhase } from './generation';
import {
  BOOK_STAGE_LABELS,
  bookStatusLabel,
  failureMessage,
  GENERATION_LIFE_EVENT_TYPES,
  type GenerationLifeEvent,
  imageStatusLabel,
  itemStage,
  listingStatusLabel,
  outlineStatusLabel,
  statusAfter,
} from './generation-status';

const PHASES: GenerationPhase[] = ['main', 'book', 'rebuild'];
/** One event of each type (of each phase, where the phase decides), with the data the status reads. */
const samples = GENERATION_LIFE_EVENT_TYPES.flatMap((type) =>
  type === 'GenerationStarted' || type === 'GenerationReleased' || type === 'GenerationResumed'
    ? PHASES.map((phase) => ({ type, data: { phase } }) as unknown as GenerationLifeEvent)
    : [{ type, data: {} } as unknown as GenerationLifeEvent],
);

describe('the generation status vocabulary', () => {
  it("every event type of a generation brings a status, except those that leave it as it was (a part's versions among them)", () => {
    const unchanged = samples.filter((event) => statusAfter(event) === undefined).map((e) => e.type);
    expect(unchanged.sort()).toEqual([
      'GenerationBriefEdited',
      'GenerationHeartbeat',
      'GenerationOutlineEdited',
      'GenerationPartRecorded',
      'GenerationPartRegenerationFailed',
      'GenerationPartRegenerationRequested',
      'GenerationPartVersionChosen',
      'GenerationPartVersionRecorded',
      'GenerationProgressed',
    ]);
    for (const event of samples) {
      const status = statusAfter(event);
      if (status !== undefined) expect(GENERATION_STATUSES).toContain(status);
    }
  });

  it('every status is brought by some event', () => {
    const reached = new Set(samples.map(statusAfter));
    for (const status of GENERATION_STATUSES) expect(reached).toContain(status);
  });

  it('each phase is queued and runs under its own status', () => {
    const after = (type: 'GenerationStarted' | 'GenerationReleased', phase: GenerationPhase) =>
      statusAfter({ type, data: { phase } } as unknown as GenerationLifeEvent);
    expect(PHASES.map((phase) => after('GenerationReleased', phase))).toEqual([
      'requested',
      'outline-chosen',
      'rebuild-requested',
    ]);
    expect(PHASES.map((phase) => after('GenerationStarted', phase))).toEqual([
      'running',
      'book-running',
      'rebuilding',
    ]);
  });

  it('every status has a label for every kind, in the product’s words', () => {
    const words = Object.values(BOOK_STAGE_LABELS);
    for (const kind of GENERATION_KINDS)
      for (const status of GENERATION_STATUSES) expect(words).toContain(bookStatusLabel(kind, status));
  });

  it('a Gen 2.0 book shows its outline and book phases; every other book is simply in progress', () => {
    const v2 = GENERATION_STATUSES.map((status) => bookStatusLabel('non-fiction-v2', status));
    expect(v2).toEqual([
      'In progress (outline creation)',
      'In progress (outline creation)',
      'Outline finished',
      'In progress (book creation)',
      'In progress (book creation)',
      'Done',
      'ERROR',
      // An edited book whose files are typeset again.
      'In progress',
      'In progress',
    ]);
    const kids = GENERATION_STATUSES.map((status) => bookStatusLabel('kids-book', status));
    expect(new Set(kids)).toEqual(new Set(['In progress', 'Done', 'ERROR']));
    expect(bookStatusLabel('kids-book', 'completed')).toBe('Done');
    expect(bookStatusLabel('kids-book', 'failed')).toBe('ERROR');
  });

  it('an outline is being created until the outlines exist, then finished whatever the book becomes', () => {
    expect(GENERATION_STATUSES.map(outlineStatusLabel)).toEqual([
      'In progress (outline creation)',
      'In progress (outline creation)',
      'Outline finished',
      'Outline finished',
      'Outline finished',
      'Outline finished',
      'ERROR',
      'Outline finished',
      'Outline finished',
    ]);
  });

  it('every status has an image and a listing label, in the product’s words', () => {
    expect(GENERATION_STATUSES.map(imageStatusLabel)).toEqual([
      'In progress',
      'In progress',
      'In progress',
      'In progress',
      'In progress',
      'Done',
      'Failed',
      'In progress',
      'In progress',
    ]);
    expect(GENERATION_STATUSES.map(listingStatusLabel)).toEqual([
      'In progress',
      'In progress',
      'In progress',
      'In progress',
      'In progress',
      'Completed',
      'Failed',
      'In progress',
      'In progress',
    ]);
  });

  it('an image or a listing is made, failed, or still being made', () => {
    expect(new Set(GENERATION_STATUSES.map(itemStage))).toEqual(new Set(['in-progress', 'done', 'error']));
    expect(itemStage('completed')).toBe('done');
    expect(itemStage('failed')).toBe('error');
  });
});

describe('what the user is told of a failed job', () => {
  it('says why by its code, with the refund', () => {
    expect(failureMessage('REFUSED', 4)).toBe(
      "The AI provider's safety system refused this request. Please rephrase your prompt (or use another picture) and try again. Your 4 credits were refunded.",
    );
    expect(failureMessage('TIMEOUT', 1)).toBe(
      'It took too long to finish. Please try again. Your 1 credit was refunded.',
    );
    // Jobs failed before codes were recorded read as the provider's failure.
    expect(failureMessage(undefined, 0)).toBe(
      'The AI service kept failing. Please try again in a few minutes.',
    );
  });

  it("adds the print check's own words to its failure, and nobody else's", () => {
    const found = 'The interior PDF failed the KDP preflight: a picture holds 89 ppi of real detail';
    expect(failureMessage('PRINT_QUALITY', 100, found)).toBe(
      `The book did not pass the print check, so it was not delivered. ${found}. Your 100 credits were refunded.`,
    );
    expect(failureMessage('PROVIDER_ERROR', 2, 'socket hang up at 10.0.0.3')).not.toContain('socket');
  });
});
