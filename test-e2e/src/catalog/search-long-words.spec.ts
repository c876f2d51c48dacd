import { api, eventually } from '../support/api.js';
import { uniqueKey } from '../support/factories.js';
import { newProduct } from './catalog-helpers.js';

/**
 * PostgreSQL's full-text search refuses a lexeme over 2,047 bytes ("word is too long"), which the testers saw as
 * a 500 on `text.en=<one word of 2,000+ letters>`. The live API searches the first 256 characters of the text
 * and ignores the rest; a product's long word is indexed in pieces of 256 characters.
 */
describe('full-text search with very long words', () => {
  // Each text is over 2,047 bytes in UTF-8 and its URL under the 15 KB the gateway takes.
  it('answers a text of one word of thousands of letters, as the live API, never a 500', async () => {
    for (const text of ['a'.repeat(2_500), 'ü'.repeat(1_100), `${'𝔘'.repeat(600)} b`]) {
      const response = await api.get(`product-projections/search?text.en=${encodeURIComponent(text)}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ count: 0, total: 0, results: [] });
    }
  });

  it('indexes a product whose name holds such a word and finds it by that word', async () => {
    const tag = uniqueKey('w').replace(/[^a-z0-9]/gi, '');
    const word = `${tag}${'x'.repeat(3_000)}`;
    const product = await newProduct([], { name: { en: `Long ${word}` } });
    const page = await eventually(async () => {
      const response = await api.get(`product-projections/search?text.en=${encodeURIComponent(word)}`);
      expect(response.status).toBe(200);
      return response.body.count > 0 ? response.body : undefined;
    });
    expect(page.results.map((p: { id: string }) => p.id)).toEqual([product.id]);
  });

  it('refuses a locale that names no language with InvalidInput', async () => {
    const response = await api.get(`product-projections/search?text.en${'-abcdefgh'.repeat(300)}=x`);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].code).toBe('InvalidInput');
  });
});
