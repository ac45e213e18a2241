import { toCsv } from './csv';

describe('toCsv', () => {
  it.each([
    ['plain cells', [['a', 1]], 'h1,h2\r\na,1\r\n'],
    ['quotes, commas and new lines', [['say "hi", ok', 'two\nlines']], 'h1,h2\r\n"say ""hi"", ok","two\nlines"\r\n'],
    ['empty values', [[null, undefined]], 'h1,h2\r\n,\r\n'],
    ['negative numbers stay numbers', [[-20.5, '-3']], 'h1,h2\r\n-20.5,-3\r\n'],
    ['formulas are defused', [['=SUM(A1)', '@x']], "h1,h2\r\n'=SUM(A1),'@x\r\n"],
  ])('%s', (_name, rows, want) => {
    expect(toCsv(['h1', 'h2'], rows as (string | number | null | undefined)[][])).toBe(want);
  });
});
