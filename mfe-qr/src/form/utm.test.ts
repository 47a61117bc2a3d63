import { NO_UTM, withUtm } from './utm';

describe('withUtm', () => {
  it('adds the filled tags, keeping the other parameters and the fragment', () => {
    expect(
      withUtm('https://example.com/book?ref=shelf&lang=en#buy', {
        ...NO_UTM,
        source: ' flyer ',
        medium: 'print',
        campaign: 'spring sale',
      }),
    ).toBe(
      'https://example.com/book?ref=shelf&lang=en&utm_source=flyer&utm_medium=print&utm_campaign=spring+sale#buy',
    );
  });

  it('replaces a tag already there, and encodes what a query needs encoded', () => {
    expect(
      withUtm('https://example.com/?utm_source=old&x=1', {
        ...NO_UTM,
        source: 'new',
        term: 'a&b=c',
        content: 'é',
      }),
    ).toBe('https://example.com/?utm_source=new&x=1&utm_term=a%26b%3Dc&utm_content=%C3%A9');
  });

  it('leaves the target as typed with no tag, or when it is not an address yet', () => {
    expect(withUtm('https://example.com/a?b=1', NO_UTM)).toBe('https://example.com/a?b=1');
    expect(withUtm('example.com/a', { ...NO_UTM, source: 'flyer' })).toBe('example.com/a');
  });
});
