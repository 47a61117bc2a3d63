import sharp from 'sharp';
import { colouredLineArt, lineArtPng, MIN_STROKE_PT, traceLineArt } from './line-art';
import { FRAMES } from './pictures';

/** A white square of `size` px with black SVG shapes drawn on it, anti-aliased (grey edges). */
const drawing = (size: number, shapes: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#fff"/>${shapes}</svg>`,
    ),
  )
    .png()
    .toBuffer();

const grey = async (png: Buffer) => {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** The pixels reachable from (x, y) through white, 4-connected. */
function flood(img: { data: Buffer; width: number; height: number }, x0: number, y0: number): Set<number> {
  const seen = new Set<number>();
  const stack = [y0 * img.width + x0];
  while (stack.length > 0) {
    const at = stack.pop() as number;
    if (seen.has(at) || (img.data[at] as number) < 128) continue;
    seen.add(at);
    const x = at % img.width;
    if (x > 0) stack.push(at - 1);
    if (x < img.width - 1) stack.push(at + 1);
    if (at >= img.width) stack.push(at - img.width);
    if (at < img.data.length - img.width) stack.push(at + img.width);
  }
  return seen;
}

describe('line art traced into vectors', () => {
  it('is paths only, sized in inches to fit the frame at its own shape, and renders pure black and white at 300 ppi', async () => {
    const source = await drawing(
      1024,
      '<circle cx="512" cy="512" r="300" fill="none" stroke="#000" stroke-width="9"/><circle cx="512" cy="512" r="120" fill="#555"/>',
    );
    const art = await traceLineArt(source, FRAMES.coloring);
    const svg = art.svg.toString('utf8');
    expect(svg).toMatch(/<path /);
    expect(svg).not.toMatch(/<image|data:image/);
    // A square in a 7.5 × 10 in frame: 7.5 in a side, not stretched to the frame.
    expect(art.width).toBeCloseTo(7.5, 2);
    expect(art.height).toBeCloseTo(7.5, 2);
    const png = await lineArtPng(art);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ width: 2250, height: 2250, channels: 1, density: 300 });
    const { data } = await grey(png);
    expect([...new Set(data)].sort((a, b) => a - b)).toEqual([0, 255]);
  });

  it(`prints a hairline at least ${MIN_STROKE_PT} pt wide`, async () => {
    // A 1 px line on a 2250 px picture traced for a 7.5 in frame: 1 px at 300 ppi, 0.24 pt.
    const source = await drawing(2250, '<rect x="200" y="1100" width="1850" height="1" fill="#000"/>');
    const img = await grey(await lineArtPng(await traceLineArt(source, FRAMES.coloring)));
    const column = 1125;
    let ink = 0;
    for (let y = 0; y < img.height; y++) if ((img.data[y * img.width + column] as number) < 128) ink += 1;
    // 0.75 pt at 300 ppi is 3.1 px.
    expect(ink).toBeGreaterThanOrEqual(Math.floor((MIN_STROKE_PT / 72) * 300));
  });

  it('closes an outline broken by a gap of a pixel, so the region inside it is one a child can colour', async () => {
    const source = await drawing(
      2250,
      // A square outline 4 px wide with a 1 px gap in its top side.
      '<path d="M 600 600 H 1124 M 1125.9 600 H 1650 V 1650 H 600 Z" fill="none" stroke="#000" stroke-width="4"/>',
    );
    const img = await grey(await lineArtPng(await traceLineArt(source, FRAMES.coloring)));
    const inside = flood(img, 1125, 1125);
    // The region inside does not leak out to the paper around the drawing.
    expect(inside.has(10 * img.width + 10)).toBe(false);
    expect(inside.size).toBeGreaterThan(900 * 900);
  });

  it('drops specks and keeps the regions apart, each coloured in on a cover', async () => {
    const source = await drawing(
      1024,
      '<rect x="100" y="100" width="300" height="300" fill="none" stroke="#000" stroke-width="8"/>' +
        '<rect x="600" y="600" width="300" height="300" fill="none" stroke="#000" stroke-width="8"/>' +
        '<rect x="50" y="900" width="2" height="2" fill="#000"/>',
    );
    const art = await traceLineArt(source, FRAMES.coloring);
    const coloured = colouredLineArt(art, ['#ff0000', '#00ff00']).toString('utf8');
    expect(coloured).toContain('fill="#ff0000"');
    expect(coloured).toContain('fill="#00ff00"');
    const img = await grey(await lineArtPng(art));
    // The speck (2 px of 1024 over 7.5 in: under the speck size) is gone.
    const speck = { x: Math.round((51 / 1024) * img.width), y: Math.round((901 / 1024) * img.height) };
    expect(img.data[speck.y * img.width + speck.x]).toBe(255);
  });
});
