import {
  type BookBrief,
  type BookLength,
  BRIEF_FIELDS,
  type GalleryPlacement,
  type GenerationKind,
  type GenerationRequest,
  type PaperType,
  type StyleChoice,
  TOOL_CONTRACTS,
  type ToolBody,
  type ToolContract,
} from '@studio/events';
import { dataUrlBytes, type UploadRule } from '../../platform/uploads/image';
import { nonFiction, nonFictionV2 } from '../generators/books';
import { coloringBook } from '../generators/coloring-book';
import type { Generator } from '../generators/generator';
import { coloringPage, imageEdit, imageV2 } from '../generators/images';
import { kdpListing } from '../generators/kdp-listing';
import { kidsBook } from '../generators/kids-book';
import { CHARACTER_UPLOAD, EDITOR_UPLOAD, requireLikenessPhoto } from './uploads';

/** What preparing a request may use: the uploaded file, and a way to keep a picture with the job. */
export interface PrepareContext {
  /** The file a multipart request sent under the tool's upload field. */
  file?: Buffer;
  /**
   * Cleans an uploaded picture (the upload pipeline) and names the blob it will be kept in; the
   * route writes it only for a request whose credits are then accepted.
   */
  keepImage(role: string, bytes: Buffer): Promise<string>;
  /** The request's art style, resolved by the route (a saved style checked against the caller's plan). */
  style?: StyleChoice;
}

/**
 * The server half of one tool: its contract (route, schema, cost, tiers, texts, gallery), how a
 * valid request becomes the job's input, and the generator the worker runs. A tool without a
 * generator is listed but not offered: its route is not mounted, so nobody pays for nothing.
 */
export interface ServerTool<K extends GenerationKind> extends ToolContract<K> {
  /**
   * A tool that takes a picture: its route checks the session, the plan and the credits before it
   * reads the body (so its cost must not depend on the body), then reads it under this rule.
   */
  upload?: UploadRule;
  prepare(body: ToolBody<K>, context: PrepareContext): Promise<Extract<GenerationRequest, { kind: K }>>;
  generator?: Generator<K>;
}

/** A non-fiction book's length and the brief fields given, each recorded only when the request names it. */
const bookShape = (body: {
  length?: BookLength | undefined;
  audience?: string | undefined;
  tone?: string | undefined;
  keyTerms?: string | undefined;
  avoid?: string | undefined;
}) => {
  const brief = Object.fromEntries(
    BRIEF_FIELDS.flatMap((field) => (body[field] ? [[field, body[field]]] : [])),
  ) as Partial<BookBrief>;
  return {
    ...(body.length ? { length: body.length } : {}),
    ...(Object.keys(brief).length > 0 ? { brief } : {}),
  };
};

/** The paper chosen for a paperback, recorded only when the request names one. */
const paper = (body: { paperType?: PaperType | undefined }) =>
  body.paperType ? { paperType: body.paperType } : {};

/** The art style chosen, recorded only when the request chose one. */
const styled = ({ style }: PrepareContext) => (style ? { style } : {});

export type ToolRegistry = { [K in GenerationKind]: ServerTool<K> };

/** Adding a tool: its contract in `events/src/tools.ts`, an entry here, its generator, its screen. */
export const TOOLS: ToolRegistry = {
  'non-fiction': {
    ...TOOL_CONTRACTS['non-fiction'],
    prepare: async (body, context) => ({
      kind: 'non-fiction',
      input: {
        title: body.Title,
        description: body.Description,
        ...paper(body),
        ...bookShape(body),
        ...styled(context),
      },
    }),
    generator: nonFiction,
  },
  'non-fiction-v2': {
    ...TOOL_CONTRACTS['non-fiction-v2'],
    prepare: async (body, context) => ({
      kind: 'non-fiction-v2',
      input: {
        title: body.title,
        description: body.description,
        numChapters: body.numChapters,
        includeIntroduction: body.includeIntroduction === 'yes',
        ...paper(body),
        ...bookShape(body),
        ...styled(context),
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
    prepare: async (body, context) => ({
      kind: 'coloring-book',
      input: { prompt: body.prompt, bookLength: body.bookLength, ...paper(body), ...styled(context) },
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
    prepare: async (body, context) => ({
      kind: 'image-v2',
      input: { prompt: body.prompt, ...styled(context) },
    }),
    generator: imageV2,
  },
  'image-edit': {
    ...TOOL_CONTRACTS['image-edit'],
    upload: EDITOR_UPLOAD,
    prepare: async (body, context) => ({
      kind: 'image-edit',
      input: {
        prompt: body.prompt,
        // Whatever type the data URL declares, the bytes decide (an empty one is no image).
        originalBlobId: await context.keepImage(
          'original',
          dataUrlBytes(body.originalImageUrl) ?? Buffer.alloc(0),
        ),
        ...styled(context),
      },
    }),
    generator: imageEdit,
  },
  'kids-book': {
    ...TOOL_CONTRACTS['kids-book'],
    upload: CHARACTER_UPLOAD,
    prepare: async (body, context) => {
      const { file, keepImage } = context;
      // The upload pipeline judges the bytes first (a file that is no photo is a 415); then,
      // before anything is spent or stored, a photo too small for a likeness gets advice.
      const characterImageBlobId = file ? await keepImage('character', file) : undefined;
      if (file && body.acceptSmallPhoto !== 'yes') await requireLikenessPhoto(file);
      return {
        kind: 'kids-book',
        input: {
          storyDescription: body.storyDescription,
          characterName: body.characterName,
          characterGender: body.characterGender,
          ...(characterImageBlobId ? { characterImageBlobId } : {}),
          ...styled(context),
        },
      };
    },
    generator: kidsBook,
  },
};

/** Every tool, in the order of docs/product/creation-tools-qr.md (API). */
export const TOOL_LIST = Object.values(TOOLS);

/** The kinds a gallery lists (docs/product/creation-tools-qr.md (Screens and routes)): My Books, My KDP Listings, or one source of My Images. */
export function kindsListedIn(placement: GalleryPlacement): GenerationKind[] {
  const same = (g: GalleryPlacement) =>
    g.list === placement.list &&
    (g.list !== 'images' || placement.list !== 'images' || g.source === placement.source);
  return TOOL_LIST.filter((tool) => tool.gallery.some(same)).map((tool) => tool.kind);
}
