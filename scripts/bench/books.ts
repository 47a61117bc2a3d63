import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountStream } from '@studio/events';
import request from 'supertest';
import { accountDecider } from '../../services/src/account/decider';
import { startEmbedded } from '../../services/src/main/embedded';
import { createOfflineProvider } from '../../services/src/studio/ai/offline';
import { nonFiction, nonFictionV2 } from '../../services/src/studio/generators/books';
import { coloringBook } from '../../services/src/studio/generators/coloring-book';
import { type GeneratorTools, unrecordedParts } from '../../services/src/studio/generators/generator';
import { kidsBook } from '../../services/src/studio/generators/kids-book';
import { buildEpub } from '../../services/src/studio/outputs/epub';
import { nonFictionInterior } from '../../services/src/studio/outputs/interior';
import { renderOutline } from '../../services/src/studio/writing/book-text';
import { writeOutlines } from '../../services/src/studio/writing/offline-writer';
import { longOfflineBook } from '../../services/src/testing/offline-books';
import { type BenchRow, percentile } from './table';

/** The books' bench rows: typesetting speed, EPUB build, offline books end to end, SSE lag. */
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

// About 200 pages of 6×9.
const longBook = () => ({
  ...longOfflineBook(60, 'Bees on city roofs'),
  author: 'The Author',
  notices: ['bench'],
});

/**
 * The browser's side of the stream, in its own process as a browser is (a client inside the
 * server's process would wait for the server's own work before reading its socket). Prints the
 * event ids with the wall-clock time each arrived, once `count` events came.
 */
const SSE_CLIENT = `
const http = require('node:http');
const [url, cookie, count] = process.argv.slice(1);
const seen = [];
http.get(url, { headers: { Cookie: cookie } }, (res) => {
  res.setEncoding('utf8');
  let buffer = '';
  res.on('data', (chunk) => {
    const at = Date.now();
    buffer += chunk;
    const blocks = buffer.split('\\n\\n');
    buffer = blocks.pop();
    for (const block of blocks) {
      const id = /^id: (\\d+)$/m.exec(block);
      const data = /^data: (.+)$/m.exec(block);
      if (!id || !data) continue;
      seen.push([Number(id[1]), at, Date.parse(JSON.parse(data[1]).at)]);
      if (seen.length >= Number(count)) {
        process.stdout.write(JSON.stringify(seen));
        process.exit(0);
      }
    }
  });
});
`;

/**
 * Live progress lag under the load of real jobs (image v2: request, start, progress, done, each
 * appended by the API or the worker of the same embedded process). Two clocks: from the moment the
 * event is committed (the store's append listener) to its arrival in the client, the design's
 * "event append → browser"; and from the command's `occurredAt`, which also counts the command's
 * own work and its durable (fsync) write.
 */
export async function sseLag(samples: number): Promise<{ fromCommit: number[]; fromCommand: number[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-sse-'));
  const server = await startEmbedded({
    DATA_DIR: dir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
  });
  const committedAt = new Map<number, number>();
  const stopListening = server.platform.eventStore.onAppended?.((events) => {
    const now = Date.now();
    for (const event of events) committedAt.set(event.position, now);
  });
  try {
    const agent = request.agent(server.url);
    const res = await agent
      .post('/api/register')
      .send({ name: 'Bench', email: 'bench@example.com', password: 'secret12' });
    if (res.status !== 201)
      throw new Error(`bench sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    const cookie = String(res.headers['set-cookie']?.[0] ?? '').split(';')[0] as string;
    await server.platform.commands.handle(
      accountStream(res.body.id),
      accountDecider,
      {
        type: 'GrantCredits',
        amount: 6 * samples,
        reason: 'plan-purchase',
        planId: 'basic',
        paymentRef: 'bench',
      },
      { at: new Date().toISOString(), correlationId: 'b', causationId: 'b' },
    );
    const client = spawn(
      process.execPath,
      ['-e', SSE_CLIENT, `${server.url}/api/generations/events`, cookie, String(samples * 3)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    client.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const done = once(client, 'exit');
    await new Promise((r) => setTimeout(r, 500));
    for (let i = 0; i < samples; i++) {
      await agent.post('/api/generate-image-v2').send({ prompt: `bench ${i}` });
      await new Promise((r) => setTimeout(r, 20));
    }
    await done;
    const seen = JSON.parse(output) as Array<[number, number, number]>;
    const fromCommit = seen
      .filter(([id]) => committedAt.has(id))
      .map(([id, at]) => at - (committedAt.get(id) as number));
    const fromCommand = seen.map(([, at, occurred]) => at - occurred);
    return {
      fromCommit: fromCommit.sort((a, b) => a - b),
      fromCommand: fromCommand.sort((a, b) => a - b),
    };
  } finally {
    stopListening?.();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureBooks(): Promise<BenchRow[]> {
  const book = longBook();
  await nonFictionInterior({ ...book, chapters: book.chapters.slice(0, 2) }); // warm the compiler and fonts
  let started = Date.now();
  const interior = await nonFictionInterior(book);
  const typesetMs = Date.now() - started;
  started = Date.now();
  buildEpub({
    id: 'bench',
    title: book.title,
    author: book.author,
    language: 'en',
    cover: Buffer.alloc(8),
    notices: [],
    chapters: book.chapters,
  });
  const epubMs = Date.now() - started;

  const ai = createOfflineProvider();
  const tools: GeneratorTools = {
    ai,
    signal: new AbortController().signal,
    progress: async () => {},
    readBlob: async () => Buffer.alloc(0),
    parts: unrecordedParts,
  };
  const time = async (run: () => Promise<unknown>) => {
    const t = Date.now();
    await run();
    return Date.now() - t;
  };
  const nonFictionMs = await time(() =>
    nonFiction(
      {
        generationId: 'b1',
        kind: 'non-fiction',
        phase: 'main',
        input: { title: 'Urban Beekeeping', description: 'Keeping bees on roofs' },
      },
      tools,
    ),
  );
  // A long Gen 2.0 book's book phase: 12 chapters and an introduction of the long length.
  const longInput = {
    title: 'Urban Beekeeping',
    description: 'Keeping bees on roofs, for busy parents',
    numChapters: 12,
    includeIntroduction: true,
    length: 'long' as const,
  };
  let longPages = 0;
  const longMs = await time(async () => {
    const output = await nonFictionV2(
      {
        generationId: 'b4',
        kind: 'non-fiction-v2',
        phase: 'book',
        input: longInput,
        outline: renderOutline(writeOutlines(longInput)[0]),
      },
      tools,
    );
    longPages = Number(output.result?.pages ?? 0);
  });
  const coloringMs = await time(() =>
    coloringBook(
      {
        generationId: 'b2',
        kind: 'coloring-book',
        phase: 'main',
        input: { prompt: 'Friendly cats', bookLength: 10 },
      },
      tools,
    ),
  );
  const kidsMs = await time(() =>
    kidsBook(
      {
        generationId: 'b3',
        kind: 'kids-book',
        phase: 'main',
        input: {
          storyDescription: 'Pip learns to swim at the seaside',
          characterName: 'Pip',
          characterGender: 'boy',
        },
      },
      tools,
    ),
  );
  const lags = await sseLag(40);
  const p99 = percentile(lags.fromCommit, 99);
  return [
    {
      metric: `interior PDF pages/s (${interior.pages}-page 6×9 non-fiction, count + final build)`,
      value: (interior.pages / (typesetMs / 1000)).toFixed(0),
      target: '',
      pass: null,
    },
    {
      metric: `EPUB build (${book.chapters.length} chapters)`,
      value: `${epubMs} ms`,
      target: '',
      pass: null,
    },
    {
      metric: 'offline end to end: non-fiction v1 (6 chapters, PDF+EPUB+covers+preflight)',
      value: seconds(nonFictionMs),
      target: '',
      pass: null,
    },
    {
      metric: `offline end to end: Gen 2.0 long book (12 chapters + introduction, ${longPages} pages)`,
      value: seconds(longMs),
      target: '',
      pass: null,
    },
    {
      metric: 'offline end to end: coloring book (10 designs)',
      value: seconds(coloringMs),
      target: '',
      pass: null,
    },
    { metric: 'offline end to end: kids book (24 pages)', value: seconds(kidsMs), target: '', pass: null },
    {
      metric: `SSE delivery lag p99 (event committed → client process, embedded; ${lags.fromCommit.length} events)`,
      value: `${p99} ms (p50 ${percentile(lags.fromCommit, 50)} ms)`,
      target: '< 100 ms',
      pass: p99 < 100,
    },
    {
      metric: 'SSE lag p99 from the command (occurredAt: also its own work and fsync)',
      value: `${percentile(lags.fromCommand, 99)} ms (p50 ${percentile(lags.fromCommand, 50)} ms)`,
      target: '',
      pass: null,
    },
  ];
}
