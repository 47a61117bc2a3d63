import sharp from 'sharp';

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
