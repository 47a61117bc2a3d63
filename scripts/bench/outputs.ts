// What a printer and a reader would judge in the files, one book of each kind, offline and with
// the fake OpenAI server (its pictures come at the sizes the real API gives): the real detail of
// every picture as placed (the preflight's measure, beside the ppi the file declares), distinct
// designs in a coloring book, sentences repeated within a chapter, and the CPU a 40-design
// coloring book costs (tracing every design to vector paths is most of it).
import { createHash } from 'node:crypto';
import { createOfflineProvider } from '../../services/src/studio/ai/offline';
import { createOpenAiProvider } from '../../services/src/studio/ai/openai';
import type { AiProvider } from '../../services/src/studio/ai/provider';
import { nonFiction } from '../../services/src/studio/generators/books';
import { coloringBook } from '../../services/src/studio/generators/coloring-book';
import type {
  GeneratorOutput,
  GeneratorTools,
  PartLedger,
} from '../../services/src/studio/generators/generator';
import { kidsBook } from '../../services/src/studio/generators/kids-book';
import { preflightFile } from '../../services/src/studio/preflight/preflight';
import { startFakeOpenAi } from '../../services/src/testing/fake-openai.fixture';
import { pipKidsBookJob } from '../../services/src/testing/pip';
import type { BenchRow } from './table';

/** A ledger that keeps every part made, so the bench can read the designs and the chapters. */
function keepingParts() {
  const texts = new Map<string, unknown>();
  const pictures = new Map<string, Buffer>();
  const parts: PartLedger = {
    text: async (key, make) => {
      const value = await make();
      texts.set(key, value);
      return value;
    },
    picture: async (key, make) => {
      const value = await make();
      pictures.set(key, value);
      return value;
    },
  };
  return { parts, texts, pictures };
}

const toolsWith = (ai: AiProvider, parts: PartLedger): GeneratorTools => ({
  ai,
  signal: new AbortController().signal,
  progress: async () => {},
  readBlob: async () => Buffer.alloc(0),
  parts,
});

/** The lowest real and declared ppi of the raster pictures in a job's PDFs, and how many there are. */
async function pictureDetail(output: GeneratorOutput) {
  let real = Number.POSITIVE_INFINITY;
  let declared = Number.POSITIVE_INFINITY;
  let count = 0;
  for (const file of output.files.filter((f) => f.contentType === 'application/pdf')) {
    for (const picture of (await preflightFile(file.data)).pictures) {
      count += 1;
      declared = Math.min(declared, picture.nominalPpi);
      if (picture.realPpi !== undefined) real = Math.min(real, picture.realPpi);
    }
  }
  return { count, real, declared };
}

const ppiRow = (what: string, detail: Awaited<ReturnType<typeof pictureDetail>>): BenchRow => ({
  metric: `${what}: lowest real ppi of its ${detail.count} raster pictures (declared ppi beside it)`,
  value:
    detail.count === 0
      ? 'no raster picture'
      : `${Number.isFinite(detail.real) ? detail.real.toFixed(0) : 'flat'} (declared ${detail.declared.toFixed(0)})`,
  target: '≥ 150',
  pass: detail.count === 0 || !Number.isFinite(detail.real) || detail.real >= 150,
});

/** The most times one sentence stands in one chapter, over the book's chapters (1: none repeated). */
function mostRepeatedSentence(texts: Map<string, unknown>): number {
  let most = 0;
  for (const [key, value] of texts) {
    const paragraphs = (value as { paragraphs?: unknown } | null)?.paragraphs;
    if (!key.startsWith('chapter') || !Array.isArray(paragraphs)) continue;
    const seen = new Map<string, number>();
    for (const sentence of paragraphs.join(' ').split(/(?<=[.!?])\s+/)) {
      const n = (seen.get(sentence) ?? 0) + 1;
      seen.set(sentence, n);
      most = Math.max(most, n);
    }
  }
  return most;
}

async function measureWith(name: string, ai: AiProvider): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const book = keepingParts();
  const nonFictionBook = await nonFiction(
    {
      generationId: `${name}-nf`,
      kind: 'non-fiction',
      phase: 'main',
      input: { title: 'Urban Beekeeping', description: 'Keeping bees on city roofs, for busy parents' },
    },
    toolsWith(ai, book.parts),
  );
  rows.push(ppiRow(`${name}, non-fiction book (interior and cover)`, await pictureDetail(nonFictionBook)));
  const repeated = mostRepeatedSentence(book.texts);
  rows.push({
    metric: `${name}, non-fiction book: the most times one sentence stands in a chapter`,
    value: String(repeated),
    target: '1',
    pass: repeated <= 1,
  });

  const coloring = keepingParts();
  // The prompts the designs were asked with: what makes them differ with a real model (the fake
  // server draws one picture for every prompt).
  const prompts: string[] = [];
  const asking: AiProvider = {
    ...ai,
    image: (prompt, options) => {
      prompts.push(prompt);
      return ai.image(prompt, options);
    },
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  const coloringOutput = await coloringBook(
    {
      generationId: `${name}-cb`,
      kind: 'coloring-book',
      phase: 'main',
      input: { prompt: 'A friendly fox', bookLength: 40 },
    },
    toolsWith(asking, coloring.parts),
  );
  const used = process.cpuUsage(cpu);
  const designs = [...coloring.pictures].filter(([key]) => key.startsWith('design-'));
  const distinct = new Set(designs.map(([, png]) => createHash('sha256').update(png).digest('hex'))).size;
  const askedDistinct = new Set(prompts).size;
  rows.push({
    metric: `${name}, coloring book of 40 designs from a one-subject prompt: distinct image prompts (designs and cover), distinct designs drawn`,
    value: `${askedDistinct} of ${prompts.length} prompts, ${distinct} of ${designs.length} pictures`,
    target: 'all prompts',
    pass: askedDistinct === prompts.length && designs.length === 40,
  });
  rows.push({
    metric: `${name}, coloring book of 40 designs: CPU (this process and its tracing threads) and wall time`,
    value: `${((used.user + used.system) / 1e6).toFixed(1)} s CPU, ${((performance.now() - started) / 1000).toFixed(1)} s wall`,
    target: '',
    pass: null,
  });
  rows.push(ppiRow(`${name}, coloring book (interior and cover)`, await pictureDetail(coloringOutput)));

  const kids = await kidsBook(pipKidsBookJob(`${name}-kb`), toolsWith(ai, keepingParts().parts));
  rows.push(ppiRow(`${name}, kids book (interior and cover)`, await pictureDetail(kids)));
  return rows;
}

export async function measureOutputs(): Promise<BenchRow[]> {
  const rows = await measureWith('offline', createOfflineProvider());
  const fake = await startFakeOpenAi();
  try {
    const openai = createOpenAiProvider({
      apiKey: 'sk-bench',
      baseURL: fake.baseURL,
      textModel: 'gpt-4o-mini',
      imageModel: 'gpt-image-1',
    });
    rows.push(...(await measureWith('fake OpenAI (gpt-image-1 sizes)', openai)));
  } finally {
    await fake.close();
  }
  return rows;
}
