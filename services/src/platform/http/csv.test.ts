import { toCsv } from './csv';

describe('toCsv', () => {
  it('starts with the BOM, ends records with CRLF and neutralises every formula lead', () => {
    const csv = toCsv(
      ['Email', 'Name', 'Date'],
      [
        ['a@example.com', '=1+1', 'd'],
        ['b@example.com', '+1', 'd'],
        ['c@example.com', '-1', 'd'],
        ['d@example.com', '@SUM(A1)', 'd'],
        ['e@example.com', '\tx', 'd'],
        ['f@example.com', '\rx', 'd'],
        ['g@example.com', 'Zoë, "quoted"', 'd'],
      ],
    );
    expect(csv.startsWith('\uFEFFEmail,Name,Date\r\n')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines.slice(1, 5)).toEqual([
      "a@example.com,'=1+1,d",
      "b@example.com,'+1,d",
      "c@example.com,'-1,d",
      "d@example.com,'@SUM(A1),d",
    ]);
    expect(lines[5]).toBe("e@example.com,'\tx,d");
    expect(csv).toContain(`f@example.com,"'\rx",d`);
    expect(csv).toContain('g@example.com,"Zoë, ""quoted""",d');
  });
});
