import { coloringBookTitle, headlineCase, kidsBookTitle } from './titles';

describe('titles made from the request', () => {
  it.each([
    ['Cozy woodland animals', 'Cozy Woodland Animals: A Coloring Book'],
    [
      'Friendly dinosaurs in a jungle, simple shapes for young children',
      'Friendly Dinosaurs in a Jungle: A Coloring Book',
    ],
    [
      'A coloring book of ocean creatures with bold outlines',
      'Ocean Creatures with Bold Outlines: A Coloring Book',
    ],
    ['Mandalas for adults. Intricate patterns', 'Mandalas for Adults: A Coloring Book'],
    ['cute cats coloring book', 'Cute Cats: A Coloring Book'],
    ['Draw farm tractors and barns', 'Farm Tractors and Barns: A Coloring Book'],
    ['   ', 'A Coloring Book'],
  ])('coloring book "%s" → "%s"', (prompt, title) => {
    expect(coloringBookTitle(prompt)).toBe(title);
  });

  it('a coloring title never repeats the prompt verbatim with " Coloring Book" pasted on', () => {
    const prompt = 'Friendly dinosaurs in a jungle, simple shapes for young children';
    expect(coloringBookTitle(prompt)).not.toBe(`${prompt} Coloring Book`);
    expect(coloringBookTitle('x'.repeat(300)).length).toBeLessThanOrEqual(80);
  });

  it.each([
    ['Mia', 'Mia finds a lost star', 'Mia and the Lost Star'],
    ['Mia', 'Mia finds a lost baby dragon in the forest and brings it home', 'Mia and the Lost Baby Dragon'],
    ['Leo', 'Leo builds a rocket and visits the moon with his cat.', 'Leo and the Rocket'],
    ['Leo', 'Leo the boy finds a lost star in the garden', 'Leo and the Lost Star'],
    ['Pip', 'Pip the puppy learns to swim at the seaside', 'Pip Learns to Swim'],
    ['Leo', 'Leo the lion learns to roar', 'Leo Learns to Roar'],
    ['Ava', 'A rainy day when Ava and her grandpa bake bread', 'Ava and the Rainy Day'],
    ['Sam', 'Sam!', "Sam's Big Adventure"],
  ])('kids book of %s: "%s" → "%s"', (name, story, title) => {
    expect(kidsBookTitle(name, story)).toBe(title);
  });

  it('never the old "Name and the Verb Adventure"', () => {
    expect(kidsBookTitle('Mia', 'Mia finds a lost baby dragon')).not.toMatch(/Finds Adventure/);
  });

  it('headline case keeps minor words lower case inside a title', () => {
    expect(headlineCase('the art of war and peace')).toBe('The Art of War and Peace');
  });
});
