import type { LocalizedString } from './types.js';

/**
 * A localized value in the given locales only, compared case-insensitively and exactly (`en` keeps `en`, not
 * `en-US`): a Product Projection's `localeProjection`, and a Store's `languages` applied to its carts' line items.
 */
export function inLocales(value: LocalizedString, locales: readonly string[]): LocalizedString {
  const wanted = new Set(locales.map((locale) => locale.toLowerCase()));
  return Object.fromEntries(Object.entries(value).filter(([locale]) => wanted.has(locale.toLowerCase())));
}
