import type { ProductProjection } from '@commerce/contracts';
import { MAX_LEXEME_BYTES, MAX_WORD_LENGTH, searchLexemes, wordsOf } from './projection-rows.js';

describe(wordsOf.name, () => {
  it('reads letters and digits of every script, lower-cased', () => {
    expect(wordsOf('Red cotton-Shirt, Größe 42 日本')).toEqual([
      'red',
      'cotton',
      'shirt',
      'größe',
      '42',
      '日本',
    ]);
  });

  it('splits a word longer than MAX_WORD_LENGTH characters at that interval, never inside a character', () => {
    expect(wordsOf(`x ${'a'.repeat(3000)} y`)).toEqual([
      'x',
      ...Array.from({ length: 11 }, () => 'a'.repeat(MAX_WORD_LENGTH)),
      'a'.repeat(3000 - 11 * MAX_WORD_LENGTH),
      'y',
    ]);
    const astral = '𝔘'.repeat(MAX_WORD_LENGTH + 1);
    expect(wordsOf(astral)).toEqual(['𝔘'.repeat(MAX_WORD_LENGTH), '𝔘']);
  });
});

describe(searchLexemes.name, () => {
  it('keeps every lexeme within what PostgreSQL can hold', () => {
    const projection = {
      name: { en: 'a'.repeat(5000), [`de-${'x'.repeat(3000)}`]: 'lost', fr: 'bon' },
      description: { en: '𝔘'.repeat(3000) },
    } as unknown as ProductProjection;
    const lexemes = searchLexemes(projection);
    expect(lexemes).toEqual(expect.arrayContaining([`en|${'a'.repeat(MAX_WORD_LENGTH)}`, 'fr|bon']));
    expect(lexemes.some((lexeme) => lexeme.endsWith('|lost'))).toBe(false);
    expect(Math.max(...lexemes.map((lexeme) => Buffer.byteLength(lexeme)))).toBeLessThanOrEqual(
      MAX_LEXEME_BYTES,
    );
  });
});
