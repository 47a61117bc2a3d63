import type { PictureVersion } from '@studio/events';
import { picturePartOf } from '@studio/events';
import type { BlobStore } from '../platform/blobs/port';
import type { AiProvider, CharacterReference } from './ai/provider';
import { artifactBlobId } from './artifacts';
import { CHARACTER_REFERENCE_ROLE } from './generators/kids-book';
import type { GenerationState } from './job/state';
import { traceLineArt } from './outputs/line-art';
import { FRAMES, printPixels } from './outputs/pictures';
import { artStyleOf, styled } from './styles/art-style';

/**
 * A picture part drawn again with the author's note, as the book's tool drew it: a kids page with
 * the book's character reference (its look in words, and its picture where the book kept one), a
 * coloring design traced into line art. The new picture is stored as a file of its own, named by
 * the regeneration, and nothing of the book changes until the author picks it.
 */
export async function drawPictureAgain(
  { ai, blobs }: { ai: AiProvider; blobs: BlobStore },
  state: GenerationState,
  bookId: string,
  regenerationId: string,
  part: string,
  instruction: string | undefined,
  signal: AbortSignal,
): Promise<PictureVersion> {
  const picture = picturePartOf(part);
  const request = state.request;
  if (!picture || !request) throw new Error(`not a picture part: ${part}`);
  const readBlob = async (id: string) => {
    const blob = await blobs.get(id);
    if (!blob) throw new Error(`missing file ${id}`);
    return blob.data;
  };
  const note = instruction ? ` The author asks: ${instruction}.` : '';
  const input = request.input as Record<string, unknown>;
  if (picture.kind === 'design') {
    const drawn = await ai.image(`${String(input.prompt ?? '')} (design ${picture.n}).${note}`, {
      style: 'coloring',
      signal,
      size: printPixels(FRAMES.coloring),
    });
    const art = await traceLineArt(drawn, FRAMES.coloring);
    return stored(blobs, bookId, part, regenerationId, art.svg, 'svg', 'image/svg+xml');
  }
  const text = state.edition?.pages?.[picture.n - 1] ?? '';
  const hero = `${String(input.characterName ?? '')}, a ${String(input.characterGender ?? '')}`;
  const artStyle = await artStyleOf(input.style as Parameters<typeof artStyleOf>[0], readBlob);
  const drawn = await ai.image(`${hero}, in a children's book: ${text}${note}`, {
    style: 'illustration',
    signal,
    character: await characterOf(state, blobs),
    size: printPixels(FRAMES.kids),
    ...styled(artStyle),
  });
  return stored(blobs, bookId, part, regenerationId, drawn, 'png', 'image/png');
}

/**
 * The book's character as its pages were drawn with: the description recorded with the job, and
 * the reference picture the book keeps among its files (books from before draw from the words).
 */
async function characterOf(state: GenerationState, blobs: BlobStore): Promise<CharacterReference> {
  const recorded = Object.entries(state.parts ?? {}).find(([key]) => key.endsWith('/character'))?.[1]?.text as
    | { description?: string; look?: CharacterReference['look'] }
    | undefined;
  const file = state.artifacts?.find((a) => a.role === CHARACTER_REFERENCE_ROLE);
  const image = file ? (await blobs.get(file.blobId))?.data : undefined;
  return {
    description: recorded?.description ?? '',
    ...(recorded?.look ? { look: recorded.look } : {}),
    ...(image ? { image } : {}),
  };
}

async function stored(
  blobs: BlobStore,
  bookId: string,
  part: string,
  regenerationId: string,
  data: Buffer,
  extension: string,
  contentType: string,
): Promise<PictureVersion> {
  const info = await blobs.put(
    artifactBlobId(bookId, `${part}-${regenerationId}`, extension),
    data,
    contentType,
  );
  return { blobId: info.id, contentType, bytes: info.size };
}
