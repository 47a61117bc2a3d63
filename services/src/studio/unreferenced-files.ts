import { type GenerationStatus, generationStream } from '@studio/events';
import type { Platform } from '../platform/module';
import { projectionCaughtUp } from '../platform/readstore/read-your-writes';
import type { BlobReferences } from '../platform/runners/blob-sweeper';
import { generationDecider } from './generation';
import { GENERATIONS, type GenerationDoc } from './generations-projection';
import { type JobFiles, jobFilesOf, neededBlobs } from './job-files';

/** `gen-{generationId}-…`: every file of a generation carries its id. */
const GENERATION_FILE = /^gen-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-/;

const docFiles = (doc: GenerationDoc): JobFiles => ({
  status: doc.status as GenerationStatus,
  artifacts: doc.artifacts,
  input: doc.input,
});

/**
 * The sweep's view of generations' files: a file is unreferenced when no generation has that id
 * (an upload whose request was never appended: a crash between the two), when its generation
 * failed (the refund's clean-up missed it), or when its finished generation no longer needs it (a
 * part, a superseded edition left by a crash). A generation not finished keeps all of its files.
 * The read model nominates; the generation's own stream decides before anything goes.
 */
export function generationFiles({
  eventStore,
  readStore,
  commands,
  logger,
}: Pick<Platform, 'eventStore' | 'readStore' | 'commands' | 'logger'>): BlobReferences {
  const generations = readStore.collection<GenerationDoc>(GENERATIONS);
  return {
    owns: (id) => GENERATION_FILE.test(id),
    async unreferenced(ids) {
      // A generation missing from a read model that is behind the log may well exist.
      if (!(await projectionCaughtUp({ eventStore, readStore }, GENERATIONS))) {
        logger.warn('generations read model behind the log: its files are left for the next sweep');
        return [];
      }
      const byGeneration = new Map<string, string[]>();
      for (const id of ids) {
        const generationId = GENERATION_FILE.exec(id)?.[1] as string;
        byGeneration.set(generationId, [...(byGeneration.get(generationId) ?? []), id]);
      }
      const gone: string[] = [];
      for (const [generationId, files] of byGeneration) {
        const doc = await generations.get(generationId);
        const nominated = doc ? unneeded(files, docFiles(doc)) : files;
        if (nominated.length === 0) continue;
        const { state } = await commands.load(generationStream(generationId), generationDecider);
        // No stream and no row: no generation ever had this id.
        gone.push(...(state.request || doc ? unneeded(nominated, jobFilesOf(state)) : nominated));
      }
      return gone;
    },
  };
}

function unneeded(files: string[], job: JobFiles): string[] {
  const needed = neededBlobs(job);
  return needed === 'all' ? [] : files.filter((id) => !needed.has(id));
}
