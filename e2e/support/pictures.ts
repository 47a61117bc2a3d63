// Pictures made on the spot with sharp, for the screens that take an upload: real, decodable files
// (the browser decodes a picture before it may be sent), in one plain colour.
import sharp from 'sharp';

export interface PictureFile {
  name: string;
  mimeType: 'image/png' | 'image/jpeg';
  buffer: Buffer;
}

/** A `width`×`height` picture in `background`; a name ending in .jpg makes a JPEG, any other a PNG. */
export async function pictureFile(
  name: string,
  width: number,
  height: number,
  background: string,
): Promise<PictureFile> {
  const image = sharp({ create: { width, height, channels: 3, background } });
  return name.endsWith('.jpg')
    ? { name, mimeType: 'image/jpeg', buffer: await image.jpeg().toBuffer() }
    : { name, mimeType: 'image/png', buffer: await image.png().toBuffer() };
}
