import { allLocales, pickLocale } from './read-helpers.js';

type Localized = Record<string, Record<string, string> | undefined>;

/** The two fields of a LocalizedString property: `name(locale, acceptLanguage)` and `nameAllLocales`. */
export function localizedFields(...fields: string[]) {
  const resolvers: Record<string, (parent: Localized, args: Record<string, unknown>) => unknown> = {};
  for (const field of fields) {
    resolvers[field] = (parent, args) => pickLocale(parent[field], args);
    resolvers[`${field}AllLocales`] = (parent) => allLocales(parent[field]);
  }
  return resolvers;
}
