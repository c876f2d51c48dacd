import { MAX_SEARCH_TEXT_LENGTH, textOf } from './product-search.service.js';

describe(textOf.name, () => {
  it('searches the first MAX_SEARCH_TEXT_LENGTH characters of the text and ignores the rest, as the live API', () => {
    expect(textOf({ 'text.en': `${'a'.repeat(3000)} tail` })).toEqual({
      locale: 'en',
      words: ['a'.repeat(MAX_SEARCH_TEXT_LENGTH)],
      fuzzy: false,
    });
    const words = textOf({ 'text.en': `red ${'𝔘'.repeat(MAX_SEARCH_TEXT_LENGTH)}`, fuzzy: 'true' })?.words;
    expect(words).toEqual(['red', '𝔘'.repeat(MAX_SEARCH_TEXT_LENGTH - 4)]);
  });

  it('refuses a locale that names no language with InvalidInput', () => {
    expect(textOf({ 'text.de-CH-1996': 'rot' })?.locale).toBe('de-CH-1996');
    expect(() => textOf({ [`text.en${'-abcdefgh'.repeat(300)}`]: 'x' })).toThrow(
      expect.objectContaining({ code: 'InvalidInput', status: 400 }),
    );
  });
});
