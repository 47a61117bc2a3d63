import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountStream } from '@studio/events';
import request from 'supertest';
import { accountDecider } from '../../services/src/account/decider';
import { startEmbedded } from '../../services/src/main/embedded';
import { createOfflineProvider } from '../../services/src/studio/ai/offline';
import { coloringBook, kidsBook, nonFiction } from '../../services/src/studio/generators/books';
import type { GeneratorTools } from '../../services/src/studio/generators/generator';
import { buildEpub } from '../../services/src/studio/outputs/epub';
import { nonFictionInterior } from '../../services/src/studio/outputs/interior';
import { writeChapter, writeOutlines } from '../../services/src/studio/writing/offline-writer';
import { type BenchRow, percentile } from './table';

/** Issue 9's bench rows: typesetting speed, EPUB build, offline books end to end, SSE lag. */
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function longBook() {
  const [outline] = writeOutlines({
    title: 'Urban Beekeeping',
    description: 'Bees on city roofs',
    numChapters: 12,
    includeIntroduction: false,
  });
  // 60 chapters of three offline chapters' paragraphs each: about 200 pages of 6×9.
  const chapters = Array.from({ length: 60 }, (_, i) => {
    const c = outline.chapters[i % 12] as { title: string; summary: string };
    const parts = [0, 1, 2].map((k) =>
      writeChapter({
        bookTitle: 'Urban Beekeeping',
        description: 'Bees',
        chapter: c,
        number: i * 3 + k + 1,
        total: 60,
      }),
    );
    return { title: `${i + 1}. ${c.title}`, paragraphs: parts.flatMap((p) => p.paragraphs) };
  });
  return { title: 'Urban Beekeeping', author: 'The Author', notices: ['bench'], chapters };
}

async function sseLag(samples: number): Promise<number[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-sse-'));
  const server = await startEmbedded({
    DATA_DIR: dir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
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
    const lags: number[] = [];
    const done = new Promise<void>((resolve) => {
      http.get(`${server.url}/api/generations/events`, { headers: { Cookie: cookie } }, (stream) => {
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          for (const line of chunk.split('\n')) {
            if (!line.startsWith('data: ')) continue;
            const message = JSON.parse(line.slice(6)) as { type: string; at: string };
            lags.push(Date.now() - Date.parse(message.at));
            if (lags.length >= samples * 3) {
              stream.destroy();
              resolve();
            }
          }
        });
      });
    });
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < samples; i++) {
      await agent.post('/api/generate-image-v2').send({ prompt: `bench ${i}` });
      await new Promise((r) => setTimeout(r, 20));
    }
    await done;
    return lags.sort((a, b) => a - b);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureBooks(): Promise<BenchRow[]> {
  const book = longBook();
  nonFictionInterior({ ...book, chapters: book.chapters.slice(0, 2) }); // warm the compiler and fonts
  let started = Date.now();
  const interior = nonFictionInterior(book);
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
  const p99 = percentile(lags, 99);
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
      metric: 'offline end to end: coloring book (10 designs)',
      value: seconds(coloringMs),
      target: '',
      pass: null,
    },
    { metric: 'offline end to end: kids book (24 pages)', value: seconds(kidsMs), target: '', pass: null },
    {
      metric: 'SSE delivery lag p99 (event → client, embedded)',
      value: `${p99} ms`,
      target: '< 100 ms',
      pass: p99 < 100,
    },
  ];
}
