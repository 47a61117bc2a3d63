import {
  type GalleryPlacement,
  type GenerationKind,
  type GenerationRequest,
  TOOL_CONTRACTS,
  type ToolBody,
  type ToolContract,
} from '@studio/events';
import type { BlobStore } from '../../platform/blobs/port';
import { coloringBook, kidsBook, nonFiction, nonFictionV2 } from '../generators/books';
import type { Generator } from '../generators/generator';
import { coloringPage, imageEdit, imageV2 } from '../generators/images';
import { kdpListing } from '../generators/kdp-listing';
import { storeCharacterImage, type UploadedPart } from './character-upload';
import { storeUploadedImage } from './uploads';

/** What preparing a request may use: the job's id (blob names) and the blob store (uploads). */
export interface PrepareContext {
  generationId: string;
  blobs: BlobStore;
  /** A multipart request's file part, if one was sent under that name. */
  file(field: string): UploadedPart | undefined;
}

/**
 * The server half of one tool: its contract (route, schema, cost, tiers, texts, gallery), how a
 * valid request becomes the job's input, and the generator the worker runs. A tool without a
 * generator is listed but not offered: its route is not mounted, so nobody pays for nothing.
 */
export interface ServerTool<K extends GenerationKind> extends ToolContract<K> {
  prepare(body: ToolBody<K>, context: PrepareContext): Promise<Extract<GenerationRequest, { kind: K }>>;
  generator?: Generator<K>;
}

export type ToolRegistry = { [K in GenerationKind]: ServerTool<K> };

/** Adding a tool: its contract in `events/src/tools.ts`, an entry here, its generator, its screen. */
export const TOOLS: ToolRegistry = {
  'non-fiction': {
    ...TOOL_CONTRACTS['non-fiction'],
    prepare: async (body) => ({
      kind: 'non-fiction',
      input: { title: body.Title, description: body.Description },
    }),
    generator: nonFiction,
  },
  'non-fiction-v2': {
    ...TOOL_CONTRACTS['non-fiction-v2'],
    prepare: async (body) => ({
      kind: 'non-fiction-v2',
      input: {
        title: body.title,
        description: body.description,
        numChapters: body.numChapters,
        includeIntroduction: body.includeIntroduction === 'yes',
      },
    }),
    generator: nonFictionV2,
  },
  'kdp-listing': {
    ...TOOL_CONTRACTS['kdp-listing'],
    prepare: async (body) => ({
      kind: 'kdp-listing',
      input: { bookTitle: body.bookTitle, bookPrompt: body.bookPrompt },
    }),
    generator: kdpListing,
  },
  'coloring-book': {
    ...TOOL_CONTRACTS['coloring-book'],
    prepare: async (body) => ({
      kind: 'coloring-book',
      input: { prompt: body.prompt, bookLength: body.bookLength },
    }),
    generator: coloringBook,
  },
  'coloring-page': {
    ...TOOL_CONTRACTS['coloring-page'],
    prepare: async (body) => ({ kind: 'coloring-page', input: { prompt: body.prompt } }),
    generator: coloringPage,
  },
  'image-v2': {
    ...TOOL_CONTRACTS['image-v2'],
    prepare: async (body) => ({ kind: 'image-v2', input: { prompt: body.prompt } }),
    generator: imageV2,
  },
  'image-edit': {
    ...TOOL_CONTRACTS['image-edit'],
    prepare: async (body, { generationId, blobs }) => ({
      kind: 'image-edit',
      input: {
        prompt: body.prompt,
        originalBlobId: await storeUploadedImage(blobs, generationId, body.originalImageUrl),
      },
    }),
    generator: imageEdit,
  },
  'kids-book': {
    ...TOOL_CONTRACTS['kids-book'],
    prepare: async (body, { generationId, blobs, file }) => {
      const character = file('characterImage');
      return {
        kind: 'kids-book',
        input: {
          storyDescription: body.storyDescription,
          characterName: body.characterName,
          characterGender: body.characterGender,
          ...(character
            ? { characterImageBlobId: await storeCharacterImage(blobs, generationId, character) }
            : {}),
        },
      };
    },
    generator: kidsBook,
  },
};

/** Every tool, in the order of spec 02 §7. */
export const TOOL_LIST = Object.values(TOOLS);

/** The kinds a gallery lists (spec 02 §2): My Books, My KDP Listings, or one source of My Images. */
export function kindsListedIn(placement: GalleryPlacement): GenerationKind[] {
  const same = (g: GalleryPlacement) =>
    g.list === placement.list &&
    (g.list !== 'images' || placement.list !== 'images' || g.source === placement.source);
  return TOOL_LIST.filter((tool) => tool.gallery.some(same)).map((tool) => tool.kind);
}
