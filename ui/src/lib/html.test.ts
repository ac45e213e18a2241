import { htmlToParagraphs } from './html';

describe('htmlToParagraphs', () => {
  it('turns block tags and breaks into paragraphs of plain text', () => {
    expect(htmlToParagraphs('<p>One <b>bold</b></p><p>Two<br/>Three</p>')).toEqual(['One bold', 'Two', 'Three']);
  });
  it('marks list items and decodes entities', () => {
    expect(htmlToParagraphs('<ul><li>a &amp; b</li><li>&#3648;&lt;x&gt;</li></ul>')).toEqual(['• a & b', '• เ<x>']);
  });
  it('drops scripts and styles entirely', () => {
    expect(htmlToParagraphs('<script>alert(1)</script><style>p{}</style><p>ok</p>')).toEqual(['ok']);
  });
});
