import type { LocalizedString, Product, ProductProjection, ProductVariant } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { projectionOf } from '../products/product-data.js';

export const PRODUCT_SEARCH_TABLE = '"catalog"."product_search"';

/**
 * The longest word, in characters: a longer one is split at this interval, as Elasticsearch's standard
 * tokenizer does (`max_token_length`), so that no word makes a lexeme PostgreSQL refuses.
 */
export const MAX_WORD_LENGTH = 256;
/** PostgreSQL's longest lexeme in UTF-8 bytes: a longer one is "word is too long" (tsvector and tsquery). */
export const MAX_LEXEME_BYTES = 2047;

const WORD = /[\p{L}\p{N}]+/gu;
/** Up to MAX_WORD_LENGTH characters, never half of a surrogate pair. */
const WORD_PIECE = new RegExp(`[^]{1,${MAX_WORD_LENGTH}}`, 'gu');

/** The words of a text, lower-cased: letters and digits of every script, a long one in pieces. */
export function wordsOf(text: string): string[] {
  const words = text.toLowerCase().match(WORD) ?? [];
  return words.some((word) => word.length > MAX_WORD_LENGTH)
    ? words.flatMap((word) => word.match(WORD_PIECE) ?? [])
    : words;
}

/** One lexeme of the search vector: the word prefixed by its (lower-cased) locale. */
export function lexemeOf(locale: string, word: string): string {
  return `${locale.toLowerCase()}|${word}`;
}

/** Whether PostgreSQL can hold the lexeme: only a locale key of hundreds of characters makes one too long. */
export const isIndexable = (lexeme: string): boolean => Buffer.byteLength(lexeme) <= MAX_LEXEME_BYTES;

/** The lexemes of a projection's name, description and search keywords, in every locale. */
export function searchLexemes(projection: ProductProjection): string[] {
  const lexemes = new Set<string>();
  const add = (texts: LocalizedString | undefined) => {
    for (const [locale, text] of Object.entries(texts ?? {})) {
      for (const word of wordsOf(text)) {
        const lexeme = lexemeOf(locale, word);
        if (isIndexable(lexeme)) lexemes.add(lexeme);
      }
    }
  };
  add(projection.name);
  add(projection.description);
  const keywords = (projection as { searchKeywords?: Record<string, Array<{ text: string }>> })
    .searchKeywords;
  for (const [locale, list] of Object.entries(keywords ?? {})) {
    for (const { text } of list) add({ [locale]: text });
  }
  return [...lexemes];
}

/**
 * A variant as filters and facets read it: attributes by name (`attributes.color`), prices (`price.centAmount`,
 * one entry per price), SKU and key.
 */
export function searchVariantOf(variant: ProductVariant): Record<string, unknown> {
  return {
    id: variant.id,
    ...(variant.sku !== undefined ? { sku: variant.sku } : {}),
    ...(variant.key !== undefined ? { key: variant.key } : {}),
    attributes: Object.fromEntries(variant.attributes.map((a) => [a.name, a.value])),
    price: variant.prices.map((price) => ({
      centAmount: price.value.centAmount,
      currencyCode: price.value.currencyCode,
      ...(price.country ? { country: price.country } : {}),
      ...(price.customerGroup ? { customerGroup: { id: price.customerGroup.id } } : {}),
      ...(price.channel ? { channel: { id: price.channel.id } } : {}),
    })),
    prices: variant.prices.length > 0,
    images: variant.images.length > 0,
  };
}

/** The projections a product has: staged always, current only while it is published. */
export function projectionsOf(product: Product): Array<{ staged: boolean; projection: ProductProjection }> {
  const rows = [{ staged: true, projection: projectionOf(product, true) }];
  if (product.masterData.published) rows.push({ staged: false, projection: projectionOf(product, false) });
  return rows;
}

/** Replaces the product's rows in the search table (call it in the product write's transaction). */
export async function writeProjections(db: Queryable, projectKey: string, product: Product): Promise<void> {
  await deleteProjections(db, projectKey, product.id);
  for (const { staged, projection } of projectionsOf(product)) {
    const variants = [projection.masterVariant, ...projection.variants].map(searchVariantOf);
    await db.query(
      `INSERT INTO ${PRODUCT_SEARCH_TABLE}
         (project_key, id, staged, key, version, created_at, last_modified_at, doc, variants, search)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, array_to_tsvector($10::text[]))`,
      [
        projectKey,
        product.id,
        staged,
        product.key ?? null,
        product.version,
        product.createdAt,
        product.lastModifiedAt,
        projection,
        JSON.stringify(variants),
        searchLexemes(projection),
      ],
    );
  }
}

export async function deleteProjections(db: Queryable, projectKey: string, id: string): Promise<void> {
  await db.query(`DELETE FROM ${PRODUCT_SEARCH_TABLE} WHERE project_key = $1 AND id = $2`, [projectKey, id]);
}
