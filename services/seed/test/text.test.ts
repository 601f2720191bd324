/**
 * The storefront's text rules (src/text.ts), one set for the BFF's stored shopper text and the search
 * engine's popular-search counts.
 */
import { cleanText, hasLoneSurrogate, textKey } from '../src';

describe('cleanText', () => {
  test.each([
    { rule: 'NFC', raw: 'Cre\u0300me bru\u0302le\u0301e', cleaned: 'Crème brûlée' },
    { rule: 'zero-width and bidi characters go', raw: 'Mi\u200Blk\u2060 \u202Egnirts\u202C\uFEFF', cleaned: 'Milk gnirts' },
    { rule: 'soft hyphen, grapheme joiner, Hangul filler and tags go', raw: 'Mi\u00adlk\u034f \u3164Eggs\u{E0041}', cleaned: 'Milk Eggs' },
    { rule: 'controls go; line breaks and tabs become a space', raw: 'Bread\u0000\u0007\u009B\tand\nbutter\u0085too', cleaned: 'Bread and butter too' },
    { rule: 'combining-mark runs are cut at 4', raw: `Z${'\u0301\u0302\u0303\u0304\u0305\u0306'.repeat(3)}algo`, cleaned: 'Z\u0301\u0302\u0303\u0304algo'.normalize('NFC') },
    { rule: 'whitespace is collapsed and trimmed', raw: '  two \u00a0 words  ', cleaned: 'two words' },
    { rule: 'nothing visible leaves nothing', raw: '\u200B\u200D\uFEFF', cleaned: '' },
  ])('$rule', ({ raw, cleaned }) => {
    expect(cleanText(raw)).toBe(cleaned);
  });
});

describe('textKey', () => {
  test('texts that read alike have one key', () => {
    expect(textKey('  \u0000Milk\u200b\u00ad  2L\t')).toBe('milk 2l');
    expect(textKey('WEEKNIGHT\u200D DINNERS e\u0301')).toBe(textKey('Weeknight dinners é'));
  });
});

describe('hasLoneSurrogate', () => {
  test('finds an unpaired high or low surrogate, not a pair', () => {
    expect(['Tea \ud800 bags', 'Bad \udc00 name', 'Emoji \ud83c\udf4e'].map(hasLoneSurrogate)).toEqual([true, true, false]);
  });
});
