import { countPages, TypesetError, typesetPdf, typesetSvg } from './typst';

const pages = (n: number) =>
  `#set page(width: 6in, height: 9in)\n${Array.from({ length: n }, (_, i) => `= Chapter ${i + 1}\n#lorem(400)\n#pagebreak()`).join('\n')}`;

describe('Typst on its own thread', () => {
  it('typesets while the event loop stays free for other work', async () => {
    let turns = 0;
    let done = false;
    const spin = () => {
      if (done) return;
      turns += 1;
      setImmediate(spin);
    };
    setImmediate(spin);
    const built = await typesetPdf({ source: pages(60) });
    done = true;
    expect(built.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(built.pages).toBeGreaterThanOrEqual(60);
    // On the main thread the whole build would run before the first turn.
    expect(turns).toBeGreaterThan(10);
  });

  it('answers concurrent builds each with its own document, reading the files given to each', async () => {
    const source =
      '#set page(width: 4in, height: 4in)\n#let data = json("/data.json")\n#for i in range(data.n) [ #lorem(300) #pagebreak() ]';
    const json = (n: number) => ({ '/data.json': Buffer.from(JSON.stringify({ n })) });
    const [three, seven, svg] = await Promise.all([
      countPages({ source, files: json(3) }),
      countPages({ source, files: json(7) }),
      typesetSvg({ source: '#set page(width: 2in, height: 1in)\nHello' }),
    ]);
    expect(three).toBeGreaterThanOrEqual(3);
    expect(seven).toBeGreaterThan(three);
    expect(svg).toContain('<svg');
  });

  it('a document with an error is a TypesetError naming it, and the thread goes on with the next', async () => {
    await expect(typesetPdf({ source: '#let x = (' })).rejects.toThrow(TypesetError);
    await expect(typesetPdf({ source: '#undefined-function()' })).rejects.toThrow(
      /Typesetting failed: .*unknown variable/,
    );
    expect((await countPages({ source: 'Fine' })).valueOf()).toBe(1);
  });
});
