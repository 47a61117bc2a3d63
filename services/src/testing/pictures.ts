import sharp from 'sharp';
import type request from 'supertest';
import { kidsInterior } from '../studio/outputs/interior';
import { FRAMES, placePicture } from '../studio/outputs/pictures';

/** A picture of one colour, `width` × `height`, as a PNG (or JPEG, as a phone sends a photo) file. */
export const solidPicture = (
  width: number,
  height: number,
  background: string,
  format: 'png' | 'jpeg' = 'png',
) =>
  sharp({ create: { width, height, channels: 3, background } })
    [format]()
    .toBuffer();

/**
 * A PNG of coloured noise, `width` × `height`: noise does not compress, so the picture weighs
 * what a photo of that size would, and an upload of it has a real size to count.
 */
export const noisyPng = (width = 300, height = 200) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#3366cc',
      noise: { type: 'gaussian', mean: 120, sigma: 50 },
    },
  })
    .png()
    .toBuffer();

/** A picture the server serves at `url`: its content type, its bytes and what sharp reads of it. */
export async function servedPicture(agent: request.Agent, url: string) {
  const res = await agent.get(url).buffer(true);
  const bytes = res.body as Buffer;
  return { type: String(res.headers['content-type']), bytes, meta: await sharp(bytes).metadata() };
}

/** The picture at `url` is served as a `format` file of that size, its content type saying so. */
export async function expectServedAs(
  agent: request.Agent,
  url: string,
  picture: { format: 'png' | 'webp'; width: number; height: number },
): Promise<void> {
  const served = await servedPicture(agent, url);
  expect(served.type).toBe(`image/${picture.format}`);
  expect(served.meta).toMatchObject(picture);
}

/** A one-page kids interior printing `picture` in the page's frame, and how the picture was placed. */
export async function onePageKidsBook(picture: Buffer) {
  const placed = await placePicture(picture, FRAMES.kids);
  const interior = await kidsInterior({
    title: 'Soft',
    author: 'A',
    notices: [],
    pictures: [placed.png],
    texts: ['Mia walked on.'],
    tints: ['#f4f0ea'],
  });
  return { placed, interior };
}
