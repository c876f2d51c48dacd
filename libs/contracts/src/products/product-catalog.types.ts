/** An image of a product variant (PSDK `Image`); uploaded ones carry a URL the platform serves. */
export interface Image {
  url: string;
  dimensions: { w: number; h: number };
  label?: string;
}

/** Search keywords per locale (PSDK `SearchKeywords`). */
export type SearchKeywords = Record<
  string,
  Array<{ text: string; suggestTokenizer?: { type: 'whitespace' | 'custom'; inputs?: string[] } }>
>;

/** Order hints of a product in its categories, by category id (PSDK `CategoryOrderHints`). */
export type CategoryOrderHints = Record<string, string>;
