import { accountStream, generationStream, OUTLINE_REWRITE_CREDITS } from '@studio/events';
import type request from 'supertest';
import { newId } from '../platform/ids';
import { apiSpecification } from '../testing/api-spec';
import { gen2BookWithOutlines } from '../testing/gen2-books';
import { member } from '../testing/givens';
import { submitGen2 } from '../testing/reader-books';
import { eventually, useEmbeddedServer } from '../testing/test-runtime';
import { renderOutline } from './writing/book-text';
import { writeOutlines } from './writing/offline-writer';

const brief = {
  title: 'Urban Beekeeping',
  description: 'Keeping healthy bees on a city rooftop',
  numChapters: 3,
  includeIntroduction: true,
};
const offered = writeOutlines(brief).map(renderOutline) as [string, string, string];

/** A Gen 2.0 book whose three outlines are ready, and optionally further events of its stream. */
const bookWithOutlines = (userId: string, bookId: string, ...more: Array<{ type: string; data: object }>) =>
  gen2BookWithOutlines(userId, bookId, { input: brief, outlines: offered }, ...more);

const edit = {
  introduction: null,
  chapters: [
    { title: 'Why Bees Belong on Roofs', summary: 'The case for city hives.' },
    { title: 'Your First Hive', summary: 'Boxes, frames and a calm colony.' },
  ],
};

describe('Gen 2.0 outline editor: given events, when a request, then the response and the new events', () => {
  const api = apiSpecification();
  const url = (bookId: string, tail = '/1') => `/api/non-fiction-gen2/books/${bookId}/outlines${tail}`;

  it("rewrites one outline as the author's chapters, in their order, without the introduction", async () => {
    const [userId, bookId] = [newId(), newId()];
    const expected = 'Chapter 1: Why Bees Belong on Roofs\nThe case for city hives.';
    await api
      .given(...bookWithOutlines(userId, bookId))
      .signedInAs(userId)
      .when((http) => http.put(url(bookId)).send(edit))
      .then({
        status: 200,
        body: { editable: true, rewritesLeft: 1, outlines: [{}, { chapters: edit.chapters }, {}] },
        newEvents: {
          [generationStream(bookId)]: [
            {
              type: 'GenerationOutlineEdited',
              data: {
                generationId: bookId,
                userId,
                outlineIndex: 1,
                outlines: [offered[0], expect.stringContaining(expected), offered[2]],
              },
            },
          ],
        },
      });
  });

  const badEdits: Array<[string, object, number, string]> = [
    [
      'thirteen chapters',
      { chapters: Array.from({ length: 13 }, (_, i) => ({ title: `Part ${i}`, summary: 'Words.' })) },
      400,
      'A book has 1 to 12 chapters',
    ],
    ['no chapters', { chapters: [] }, 400, 'A book has 1 to 12 chapters'],
    [
      'an empty title',
      { chapters: [{ title: '   ', summary: 'Words.' }] },
      400,
      'Every chapter needs a title',
    ],
    [
      'a control character in a title',
      { chapters: [{ title: 'Bees\u0000', summary: 'Words.' }] },
      400,
      'chapters[0].title must not contain control characters',
    ],
    [
      'a control character in the introduction',
      { introduction: 'Hello\u0007', chapters: edit.chapters },
      400,
      'introduction must not contain control characters',
    ],
    [
      'a chapter title the book fonts cannot print',
      { chapters: [{ title: 'Bees 🐝', summary: 'Words.' }] },
      400,
      'A chapter title contains characters our book fonts cannot print (🐝). Remove them or use another wording.',
    ],
    [
      'a summary that reads as a heading',
      { chapters: [{ title: 'Bees', summary: 'Chapter 2: Wasps' }] },
      400,
      "A summary cannot begin like a heading ('Chapter 2: …', 'Introduction: …')",
    ],
  ];
  it.each(badEdits)('refuses %s and appends nothing', async (_name, body, status, message) => {
    const [userId, bookId] = [newId(), newId()];
    await api
      .given(...bookWithOutlines(userId, bookId))
      .signedInAs(userId)
      .when((http) => http.put(url(bookId)).send(body))
      .then({ status, body: { message }, newEvents: {} });
  });

  it('refuses an outline number other than 0, 1 or 2 and appends nothing', async () => {
    const [userId, bookId] = [newId(), newId()];
    await api
      .given(...bookWithOutlines(userId, bookId))
      .signedInAs(userId)
      .when((http) => http.put(url(bookId, '/3')).send(edit))
      .then({ status: 400, newEvents: {} });
  });

  it("answers another author's outline as not found and appends nothing", async () => {
    const [owner, intruder, bookId] = [newId(), newId(), newId()];
    await api
      .given(...bookWithOutlines(owner, bookId))
      .signedInAs(intruder)
      .when((http) => http.put(url(bookId)).send(edit))
      .then({ status: 404, newEvents: {} });
  });

  it('refuses an edit once the book is being written from an outline, and appends nothing', async () => {
    const [userId, bookId] = [newId(), newId()];
    await api
      .given(
        ...bookWithOutlines(userId, bookId, {
          type: 'GenerationOutlineChosen',
          data: { generationId: bookId, outlineIndex: 0 },
        }),
      )
      .signedInAs(userId)
      .when((http) => http.put(url(bookId)).send(edit))
      .then({
        status: 409,
        body: { message: 'The book is already being written from its outline' },
        newEvents: {},
      });
  });

  it('writes the three outlines again once, free: the outline phase is queued again', async () => {
    const [userId, bookId] = [newId(), newId()];
    await api
      .given(...bookWithOutlines(userId, bookId))
      .signedInAs(userId)
      .when((http) => http.post(url(bookId, '/rewrite')))
      .then({
        status: 202,
        newEvents: {
          [generationStream(bookId)]: [
            {
              type: 'GenerationOutlinesRewriteRequested',
              data: { generationId: bookId, userId, kind: 'non-fiction-v2', round: 1 },
            },
          ],
        },
      });
  });

  it('refuses a second rewrite and appends nothing', async () => {
    const [userId, bookId] = [newId(), newId()];
    await api
      .given(
        ...bookWithOutlines(
          userId,
          bookId,
          {
            type: 'GenerationOutlinesRewriteRequested',
            data: { generationId: bookId, userId, kind: 'non-fiction-v2', round: 1 },
          },
          { type: 'GenerationOutlinesReady', data: { generationId: bookId, outlines: offered } },
        ),
      )
      .signedInAs(userId)
      .when((http) => http.post(url(bookId, '/rewrite')))
      .then({ status: 409, newEvents: {} });
  });
});

/** The whole flow on the embedded server: the offline writer, the worker, the typeset book. */
describe('Gen 2.0 outline editor over HTTP', () => {
  const server = useEmbeddedServer();

  const author = async (email: string) => {
    const { agent, userId } = await member(server(), email, { plan: 'standard' });
    const bookId = await submitGen2(agent, userId, { ...brief, numChapters: 4, includeIntroduction: 'yes' });
    return { agent, userId, bookId };
  };
  const outlinesOf = (agent: request.Agent, bookId: string) =>
    eventually(async () => {
      const res = await agent.get(`/api/non-fiction-gen2/books/${bookId}/outlines`);
      return res.status === 200 && res.body.editable ? res.body : undefined;
    });
  const titles = (edition: { chapters: Array<{ title: string }> }) => edition.chapters.map((c) => c.title);
  const credits = async (agent: request.Agent) => (await agent.get('/api/user')).body.credits as number;

  it('the book is written from the edited outline: chapters renamed, reordered, added, removed, introduction dropped', async () => {
    const { agent, userId, bookId } = await author('outline-edit@example.com');
    const before = await outlinesOf(agent, bookId);
    expect(before.outlines).toHaveLength(3);
    const [first, second, , fourth] = before.outlines[2].chapters;
    const chapters = [
      fourth,
      { title: 'A Chapter of My Own', summary: 'What my neighbours asked about the hives.' },
      { ...first, title: 'Starting Out' },
      second,
    ];
    const put = await agent
      .put(`/api/non-fiction-gen2/books/${bookId}/outlines/2`)
      .send({ introduction: null, chapters });
    expect(put.status).toBe(200);
    expect(put.body.outlines[2].chapters).toEqual(chapters);
    expect(put.body.outlines[2].introduction).toBeUndefined();
    // The outline dialog reads the same outline as text.
    const record = (await agent.get(`/api/non-fiction-gen2/outlines?bookId=${bookId}`)).body[0];
    expect(record.outline3).toContain('Chapter 2: A Chapter of My Own');
    const spent = await credits(agent);

    await agent
      .post('/api/non-fiction-gen2/generate-book')
      .send({ outlineId: bookId, userId, outlineIndex: 2 })
      .expect(200);
    const done = await eventually(async () => {
      const res = await agent.get(`/api/books/${bookId}/edition`);
      return res.body?.generationStatus === 'completed' ? res.body : undefined;
    }, 120_000);
    expect(titles(done)).toEqual(chapters.map((c) => c.title));
    expect(await credits(agent)).toEqual(spent);
    // Once the book is written the outline is no longer editable.
    const late = await agent
      .put(`/api/non-fiction-gen2/books/${bookId}/outlines/2`)
      .send({ chapters: [{ title: 'Too Late', summary: 'Nope.' }] });
    expect(late.status).toBe(409);
  }, 180_000);

  it('new outlines once, free, different from the first; concurrent rewrites are one rewrite', async () => {
    const { agent, bookId } = await author('outline-rewrite@example.com');
    const first = await outlinesOf(agent, bookId);
    expect(first.rewritesLeft).toBe(1);
    const balance = await credits(agent);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => agent.post(`/api/non-fiction-gen2/books/${bookId}/outlines/rewrite`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409, 409]);
    const second = await outlinesOf(agent, bookId);
    expect(second.rewritesLeft).toBe(0);
    expect(second.outlines.map((o: { chapters: unknown }) => o.chapters)).not.toEqual(
      first.outlines.map((o: { chapters: unknown }) => o.chapters),
    );
    expect(await credits(agent)).toEqual(balance);
    const rewrites = (await server().platform.eventStore.readStream(generationStream(bookId))).filter(
      (e) => e.type === 'GenerationOutlinesRewriteRequested',
    );
    expect(rewrites).toHaveLength(1);
    expect((await agent.post(`/api/non-fiction-gen2/books/${bookId}/outlines/rewrite`)).status).toBe(409);
  }, 180_000);

  it('after the free rewrite, new outlines cost their price once: shown, confirmed, and four at once are one charge', async () => {
    const { agent, bookId } = await author('outline-paid@example.com');
    await outlinesOf(agent, bookId);
    const rewrite = (body: object = {}) =>
      agent.post(`/api/non-fiction-gen2/books/${bookId}/outlines/rewrite`).send(body);
    expect((await rewrite()).body.creditsUsed).toBe(0);
    const second = await outlinesOf(agent, bookId);
    expect(second).toMatchObject({ rewritesLeft: 0, rewritePrice: OUTLINE_REWRITE_CREDITS, rewriteRound: 2 });
    const balance = await credits(agent);
    // Not confirmed (or another price): refused, nothing charged.
    for (const body of [{ round: 2 }, { credits: 1, round: 2 }, { credits: '2', round: 2 }]) {
      const refused = await rewrite(body);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        message: `New outlines cost ${OUTLINE_REWRITE_CREDITS} credits: confirm the price to write them`,
      });
    }
    expect(await credits(agent)).toBe(balance);
    // Four clicks on the same offer (round 2), at once: one charge, one rewrite.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => rewrite({ credits: OUTLINE_REWRITE_CREDITS, round: 2 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409, 409]);
    expect(answers.find((a) => a.status === 202)?.body).toMatchObject({
      creditsUsed: OUTLINE_REWRITE_CREDITS,
      remainingCredits: balance - OUTLINE_REWRITE_CREDITS,
    });
    const third = await outlinesOf(agent, bookId);
    expect(third.outlines.map((o: { chapters: unknown }) => o.chapters)).not.toEqual(
      second.outlines.map((o: { chapters: unknown }) => o.chapters),
    );
    expect(await credits(agent)).toBe(balance - OUTLINE_REWRITE_CREDITS);
    const userId = (await agent.get('/api/user')).body.id as string;
    const charges = (await server().platform.eventStore.readStream(accountStream(userId))).filter(
      (e) => e.type === 'CreditsDebited' && (e.data as { reason: string }).reason === 'outline-rewrite',
    );
    expect(charges).toHaveLength(1);
    expect(
      (await server().platform.eventStore.readStream(accountStream(userId))).some(
        (e) => e.type === 'CreditsRefunded',
      ),
    ).toBe(false);
    const rounds = (await server().platform.eventStore.readStream(generationStream(bookId)))
      .filter((e) => e.type === 'GenerationOutlinesRewriteRequested')
      .map((e) => e.data);
    expect(rounds).toEqual([
      expect.not.objectContaining({ credits: expect.anything() }),
      expect.objectContaining({
        round: 2,
        credits: OUTLINE_REWRITE_CREDITS,
        chargeId: (charges[0]?.data as { generationId?: string } | undefined)?.generationId,
      }),
    ]);
  }, 180_000);

  it('concurrent edits and the choice that starts the book: the book follows whatever edit was accepted before it', async () => {
    const { agent, userId, bookId } = await author('outline-race@example.com');
    await outlinesOf(agent, bookId);
    const editTo = (title: string) =>
      agent
        .put(`/api/non-fiction-gen2/books/${bookId}/outlines/0`)
        .send({ chapters: [{ title, summary: 'One chapter.' }] });
    const [a, b, choose, c] = await Promise.all([
      editTo('Edit A'),
      editTo('Edit B'),
      agent.post('/api/non-fiction-gen2/generate-book').send({ outlineId: bookId, userId, outlineIndex: 0 }),
      editTo('Edit C'),
    ]);
    expect(choose.status).toBe(200);
    for (const res of [a, b, c]) expect([200, 409]).toContain(res.status);
    const events = await server().platform.eventStore.readStream(generationStream(bookId));
    const chosenAt = events.findIndex((e) => e.type === 'GenerationOutlineChosen');
    const editsBefore = events.slice(0, chosenAt).filter((e) => e.type === 'GenerationOutlineEdited');
    // Every accepted edit came before the choice; every refused one after it.
    expect(editsBefore).toHaveLength([a, b, c].filter((r) => r.status === 200).length);
    expect(events.slice(chosenAt).some((e) => e.type === 'GenerationOutlineEdited')).toBe(false);
    const done = await eventually(async () => {
      const res = await agent.get(`/api/books/${bookId}/edition`);
      return res.body?.generationStatus === 'completed' ? res.body : undefined;
    }, 120_000);
    const lastEdit = editsBefore.at(-1)?.data as { outlines: string[] } | undefined;
    const expected = lastEdit
      ? (/Chapter 1: (.+)/.exec(lastEdit.outlines[0] as string)?.[1] as string)
      : undefined;
    if (expected) expect(titles(done)).toEqual([expected]);
    else expect(titles(done)).toHaveLength(5);
  }, 180_000);
});
