import { breakdownRows } from './breakdown-rows';

describe('breakdown rows', () => {
  const row = (name: string, count: number) => ({ name, count });

  it('names the first values and sums the rest with the answer’s Other row, so the counts add up', () => {
    const rows = [
      row('t.co', 9),
      row('Direct', 7),
      row('news.example', 5),
      row('blog.example', 4),
      row('mail.example', 3),
      row('shop.example', 2),
      row('club.example', 1),
      { name: 'Other', count: 40, other: true as const },
    ];
    expect(breakdownRows(rows)).toEqual({ named: rows.slice(0, 5), other: 2 + 1 + 40 });
  });

  it('has no Other when every value is named, and never names the Other row', () => {
    expect(breakdownRows([row('Mobile', 3), row('Desktop', 1)])).toEqual({
      named: [row('Mobile', 3), row('Desktop', 1)],
      other: 0,
    });
    // A value really called "Other" is a value like any other; only the flagged row is the rest.
    expect(breakdownRows([row('Other', 2), { name: 'Other', count: 5, other: true }])).toEqual({
      named: [row('Other', 2)],
      other: 5,
    });
  });
});
