import {
  SetStoreCountriesAction,
  SetStoreLanguagesAction,
  SetStoreNameAction,
  StoreCountryAction,
  type Store,
  type StoreCountry,
} from '@commerce/contracts';
import { action } from '@commerce/resources';
import { byCode, diff, nonEmpty } from './store-diff.js';
import type { StoreDeps } from './store-deps.js';
import { projectLanguages } from './store-references.js';

function countriesChanged(store: Store, countries: StoreCountry[]) {
  const { added, removed } = diff(store.countries, countries, byCode);
  return {
    resource: { ...store, countries },
    messages: [
      {
        type: 'StoreCountriesChanged',
        ...nonEmpty('addedCountries', added),
        ...nonEmpty('removedCountries', removed),
      },
    ],
  };
}

/** setName, setLanguages, setCountries, addCountry, removeCountry. */
export function basicActions({ settings }: StoreDeps) {
  return {
    setName: action(SetStoreNameAction, (store: Store, { name }) => {
      const { name: _old, ...rest } = store;
      return {
        resource: name ? { ...rest, name } : rest,
        messages: [{ type: 'StoreNameSet', ...(name ? { name } : {}) }],
      };
    }),

    setLanguages: action(SetStoreLanguagesAction, async (store: Store, { languages }, { ctx }) => {
      const next = await projectLanguages(settings, ctx, languages ?? []);
      const { added, removed } = diff(store.languages, next, (language) => language);
      return {
        resource: { ...store, languages: next },
        messages: [
          {
            type: 'StoreLanguagesChanged',
            ...nonEmpty('addedLanguages', added),
            ...nonEmpty('removedLanguages', removed),
          },
        ],
      };
    }),

    setCountries: action(SetStoreCountriesAction, (store: Store, { countries }) =>
      countriesChanged(store, [...new Map((countries ?? []).map(({ code }) => [code, { code }])).values()]),
    ),

    addCountry: action(StoreCountryAction, (store: Store, { country }) =>
      store.countries.some(({ code }) => code === country.code)
        ? { resource: store }
        : countriesChanged(store, [...store.countries, { code: country.code }]),
    ),

    removeCountry: action(StoreCountryAction, (store: Store, { country }) =>
      countriesChanged(
        store,
        store.countries.filter(({ code }) => code !== country.code),
      ),
    ),
  };
}
