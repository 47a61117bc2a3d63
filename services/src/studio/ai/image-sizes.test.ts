import { TRIMS } from '../outputs/kdp';
import { FRAMES, frontFrame, printPixels } from '../outputs/pictures';
import { imageSizeFor, modelSizes } from './image-sizes';

describe('the size an image model is asked for', () => {
  it.each([
    ['gpt-image-1', 'coloring page (portrait 7.5 × 10 in)', printPixels(FRAMES.coloring), '1024x1536'],
    ['gpt-image-1', 'kids page picture (landscape 3:2)', printPixels(FRAMES.kids), '1536x1024'],
    ['gpt-image-1', '6 × 9 front cover', printPixels(frontFrame(TRIMS['non-fiction'])), '1024x1536'],
    ['gpt-image-1', '8.5 × 8.5 front cover', printPixels(frontFrame(TRIMS.kids)), '1024x1024'],
    ['dall-e-3', 'coloring page', printPixels(FRAMES.coloring), '1024x1792'],
    ['dall-e-3', 'kids page picture', printPixels(FRAMES.kids), '1792x1024'],
    [
      'dall-e-3',
      '8.5 × 11 front cover (nearer a square than 4:7)',
      printPixels(frontFrame(TRIMS.coloring)),
      '1024x1024',
    ],
    ['gpt-image-1', '8.5 × 11 front cover', printPixels(frontFrame(TRIMS.coloring)), '1024x1536'],
    ['dall-e-2', 'coloring page (squares only, the largest)', printPixels(FRAMES.coloring), '1024x1024'],
    [
      'some-compatible-model',
      'anything (the square every model takes)',
      printPixels(FRAMES.kids),
      '1024x1024',
    ],
  ])('%s, %s', (model, _what, shape, size) => {
    expect(imageSizeFor(model, shape)).toBe(size);
    expect(modelSizes(model)).toContain(size);
  });

  it('asks for the square without a shape', () => {
    expect(imageSizeFor('gpt-image-1', undefined)).toBe('1024x1024');
    expect(imageSizeFor('dall-e-2', undefined)).toBe('1024x1024');
  });
});
