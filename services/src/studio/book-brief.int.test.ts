import { accountStream, CHAPTER_LENGTHS, generationStream } from '@studio/events';
import { newId } from '../platform/ids';
import { apiSpecification, existingStream } from '../testing/api-spec';
import { gen2BookWithOutlines } from '../testing/gen2-books';
import { member } from '../testing/givens';
import { eventually } from '../testing/helpers';
import { submitGen2 } from '../testing/reader-books';
import { useServerWithFakeOpenAi } from '../testing/test-runtime';
import { renderOutline } from './writing/book-text';
import { writeOutlines } from './writing/offline-writer';

/**
 * A non-fiction book's length and book brief: taken from the request (refused when bad, with
 * nothing appended), edited in the outline editor, and carried into every chapter's prompt with
 * the running memory of the chapters before it (read from the fake OpenAI server's requests).
 */
const book = {
  title: 'Urban Beekeeping',
  description: 'Keeping healthy bees on a city rooftop, for busy parents who have never kept bees',
  numChapters: 3,
  includeIntroduction: true,
};
const offered = writeOutlines(book).map(renderOutline) as [string, string, string];

const accountWith = (userId: string, credits: number) =>
  existingStream(accountStream(userId), [
    {
      type: 'UserRegistered',
      data: { userId, name: 'Tess', email: `${userId.toLowerCase()}@example.com`, passwordHash: 'x' },
    },
    { type: 'CreditsGranted', data: { amount: credits, reason: 'plan-purchase', planId: 'basic' } },
  ]);

/** A Gen 2.0 book whose outlines are ready (requested with `input`), and further events of its stream. */
const bookWithOutlines = (
  userId: string,
  bookId: string,
  input: object,
  ...more: Array<{ type: string; data: object }>
) => gen2BookWithOutlines(userId, bookId, { input, outlines: offered }, ...more);

describe('book length and brief: given events, when a request, then the response and the new events', () => {
  const api = apiSpecification();
  const briefUrl = (bookId: string) => `/api/non-fiction-gen2/books/${bookId}/brief`;

  it('records the length and the brief fields given with a Gen 2.0 request', async () => {
    const userId = newId();
    await api
      .given(accountWith(userId, 20))
      .signedInAs(userId)
      .when((http) =>
        http.post('/api/non-fiction-gen2/submit').send({
          userId,
          ...book,
          includeIntroduction: 'yes',
          length: 'long',
          audience: ' New beekeepers ',
          keyTerms: 'brood, smoker',
        }),
      )
      .then({
        status: 202,
        newEvents: (response) => ({
          [accountStream(userId)]: [
            {
              type: 'CreditsDebited',
              data: expect.objectContaining({ amount: 20, generationId: response.body.bookId }),
            },
            {
              type: 'GenerationRequested',
              data: expect.objectContaining({
                kind: 'non-fiction-v2',
                input: {
                  ...book,
                  length: 'long',
                  brief: { audience: 'New beekeepers', keyTerms: 'brood, smoker' },
                },
              }),
            },
          ],
        }),
      });
  });

  const badRequests: Array<[string, string, object, string]> = [
    [
      'an unknown length',
      '/api/non-fiction-gen2/submit',
      { length: 'huge' },
      'Length must be short, standard or long',
    ],
    [
      'a length that is not text',
      '/api/submit-non-fiction-form',
      { length: 3 },
      'Length must be short, standard or long',
    ],
    [
      'a NUL in the audience',
      '/api/non-fiction-gen2/submit',
      { audience: 'Bees\u0000' },
      'audience must not contain control characters',
    ],
    [
      'an escape in the tone',
      '/api/submit-non-fiction-form',
      { tone: 'Calm\u001b[31m' },
      'tone must not contain control characters',
    ],
    [
      'a line break in the key terms',
      '/api/non-fiction-gen2/submit',
      { keyTerms: 'a\nb' },
      'keyTerms must not contain control characters',
    ],
    [
      'things to avoid over 500 characters',
      '/api/non-fiction-gen2/submit',
      { avoid: 'x'.repeat(501) },
      'Things to avoid is too long (500 characters at most)',
    ],
  ];
  it.each(badRequests)('refuses %s with 400 and appends nothing', async (_name, path, extra, message) => {
    const userId = newId();
    const body = path.includes('gen2')
      ? { userId, ...book, ...extra }
      : { Title: book.title, Description: book.description, ...extra };
    await api
      .given(accountWith(userId, 40))
      .signedInAs(userId)
      .when((http) => http.post(path).send(body))
      .then({ status: 400, body: { message }, newEvents: {} });
  });

  it('edits the brief before the book: the whole brief, blanks filled from the description', async () => {
    const [userId, bookId] = [newId(), newId()];
    await api
      .given(...bookWithOutlines(userId, bookId, book))
      .signedInAs(userId)
      .when((http) =>
        http.put(briefUrl(bookId)).send({ audience: 'Retired teachers', tone: '', avoid: 'Wasps' }),
      )
      .then({
        status: 200,
        body: { brief: { audience: 'Retired teachers', avoid: 'Wasps' }, length: 'standard' },
        newEvents: {
          [generationStream(bookId)]: [
            {
              type: 'GenerationBriefEdited',
              data: {
                generationId: bookId,
                userId,
                brief: {
                  audience: 'Retired teachers',
                  tone: expect.stringMatching(/\w/),
                  keyTerms: expect.stringContaining('beekeeping'),
                  avoid: 'Wasps',
                },
              },
            },
          ],
        },
      });
  });

  it('shows the brief the chapters will be written with: the description names the audience', async () => {
    const [userId, bookId] = [newId(), newId()];
    await api
      .given(...bookWithOutlines(userId, bookId, { ...book, length: 'short' }))
      .signedInAs(userId)
      .when((http) => http.get(`/api/non-fiction-gen2/books/${bookId}/outlines`))
      .then({
        status: 200,
        body: { length: 'short', brief: { audience: 'Busy parents' } },
        newEvents: {},
      });
  });

  it('an edit that changes nothing appends nothing', async () => {
    const [userId, bookId] = [newId(), newId()];
    const brief = { audience: 'A', tone: 'B', keyTerms: 'C', avoid: 'D' };
    await api
      .given(
        ...bookWithOutlines(userId, bookId, book, {
          type: 'GenerationBriefEdited',
          data: { generationId: bookId, userId, brief },
        }),
      )
      .signedInAs(userId)
      .when((http) => http.put(briefUrl(bookId)).send(brief))
      .then({ status: 200, body: { brief }, newEvents: {} });
  });

  const badBriefs: Array<[string, object, string]> = [
    ['a NUL in the audience', { audience: 'Teachers\u0000' }, 'audience must not contain control characters'],
    ['a tab in the tone', { tone: 'Calm\tdry' }, 'tone must not contain control characters'],
    [
      'key terms over 500 characters',
      { keyTerms: 'k'.repeat(501) },
      'Key terms is too long (500 characters at most)',
    ],
    ['an audience that is not text', { audience: ['a'] }, 'Audience is invalid'],
  ];
  it.each(badBriefs)('refuses a brief with %s and appends nothing', async (_name, body, message) => {
    const [userId, bookId] = [newId(), newId()];
    await api
      .given(...bookWithOutlines(userId, bookId, book))
      .signedInAs(userId)
      .when((http) => http.put(briefUrl(bookId)).send(body))
      .then({ status: 400, body: { message }, newEvents: {} });
  });

  it("answers another author's brief as not found, and a brief after the book started as a conflict", async () => {
    const [owner, intruder, bookId] = [newId(), newId(), newId()];
    await api
      .given(...bookWithOutlines(owner, bookId, book))
      .signedInAs(intruder)
      .when((http) => http.put(briefUrl(bookId)).send({ audience: 'Me' }))
      .then({ status: 404, newEvents: {} });
    const [userId, started] = [newId(), newId()];
    await api
      .given(
        ...bookWithOutlines(userId, started, book, {
          type: 'GenerationOutlineChosen',
          data: { generationId: started, outlineIndex: 0 },
        }),
      )
      .signedInAs(userId)
      .when((http) => http.put(briefUrl(started)).send({ audience: 'Late' }))
      .then({ status: 409, newEvents: {} });
  });
});

/** The whole flow against the fake OpenAI server: what each chapter's prompt carries. */
describe('every chapter is written with the brief and the running memory, over HTTP', () => {
  const { server, fake } = useServerWithFakeOpenAi();

  const chapterPrompts = () =>
    fake()
      .seen.filter((s) => s.kind === 'chat' && s.body.toString().includes('"name":"chapter"'))
      .map(
        (s) =>
          (JSON.parse(s.body.toString()) as { messages: Array<{ content: string }> }).messages[1]?.content ??
          '',
      );

  it('a long Gen 2.0 book: the edited brief, the length and the chapters before each one are in its prompt', async () => {
    const { agent, userId } = await member(server(), 'brief-memory@example.com', { plan: 'standard' });
    const bookId = await submitGen2(agent, userId, {
      ...book,
      numChapters: 6,
      includeIntroduction: 'yes',
      length: 'long',
      keyTerms: 'brood box',
    });
    const outlines = await eventually(async () => {
      const read = await agent.get(`/api/non-fiction-gen2/books/${bookId}/outlines`);
      return read.status === 200 && read.body.editable ? read.body : undefined;
    }, 60_000);
    expect(outlines.brief).toMatchObject({ keyTerms: 'brood box', audience: 'Busy parents' });
    const edited = await agent
      .put(`/api/non-fiction-gen2/books/${bookId}/brief`)
      .send({ ...outlines.brief, audience: 'Retired teachers with a balcony', avoid: 'Pesticide brands' });
    expect(edited.status).toBe(200);
    await agent
      .post('/api/non-fiction-gen2/generate-book')
      .send({ outlineId: bookId, userId, outlineIndex: 0 })
      .expect(200);
    await eventually(async () => {
      const read = await agent.get(`/api/books/${bookId}/edition`);
      return read.body?.generationStatus === 'completed' ? read.body : undefined;
    }, 120_000);

    const prompts = chapterPrompts();
    // The introduction and six chapters, each once.
    expect(prompts).toHaveLength(7);
    const titles = outlines.outlines[0].chapters.map((c: { title: string }) => c.title) as string[];
    const promptOf = (n: number) => prompts.find((p) => p.includes(`Write chapter ${n} of 6`)) as string;
    for (const prompt of prompts) {
      expect(prompt).toContain('Written for: Retired teachers with a balcony');
      expect(prompt).toContain('Avoid: Pesticide brands');
      expect(prompt).toContain('Key terms (use them, consistently): brood box');
      expect(prompt).toContain(`about ${CHAPTER_LENGTHS.long.words} words`);
    }
    // Chapter 1 remembers the introduction; chapter 6 every chapter before it, in order.
    expect(promptOf(1)).toContain('- Introduction (as planned)');
    const last = promptOf(6);
    for (const [i, title] of titles.slice(0, 5).entries())
      expect(last).toContain(`Chapter ${i + 1}, ${title}`);
    expect(last).not.toContain(`Chapter 6, ${titles[5]}`);
    // Four at once (the gate): the second wave is told what the first wave actually wrote.
    expect(last).toContain(`Chapter 1, ${titles[0]} (as written): What ${titles[0]} says`);
    expect(last).toContain(`Chapter 4, ${titles[3]} (as planned)`);
    expect(promptOf(3)).toContain(`Chapter 2, ${titles[1]} (as planned)`);
  }, 180_000);
});
