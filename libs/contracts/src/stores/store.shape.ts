import {
  array,
  boolean,
  custom,
  type Infer,
  key,
  localizedString,
  object,
  optional,
  reference,
  resource,
  string,
} from '../shapes/shape.js';
import { STOREFRONT_FIELDS } from './storefront.dto.js';

const optionalString = optional(string());

/** A Store as the API answers it (reference facts 3). */
export const StoreShape = resource('Store', {
  key: key(),
  name: optional(localizedString()),
  languages: array(string({ graphql: 'Locale' })),
  countries: array(object('StoreCountry', { code: string({ graphql: 'Country' }) })),
  distributionChannels: array(reference('channel')),
  supplyChannels: array(reference('channel')),
  productSelections: array(
    object('ProductSelectionSetting', {
      productSelection: reference('product-selection'),
      active: boolean(),
    }),
  ),
  custom: optional(custom()),
  /** The Storefront's URLs (PSDK9): each field is present only when set (`STOREFRONT_FIELDS`). */
  storefront: optional(
    object(
      'Storefront',
      Object.fromEntries(Object.keys(STOREFRONT_FIELDS).map((field) => [field, optionalString])) as {
        [F in keyof typeof STOREFRONT_FIELDS]: typeof optionalString;
      },
    ),
  ),
});

export type Store = Infer<typeof StoreShape>;
export type StoreCountry = Store['countries'][number];
export type ProductSelectionSetting = Store['productSelections'][number];
export type Storefront = NonNullable<Store['storefront']>;

/** The limits of a Store (spec: Limits). */
export const STORE_LIMITS = { channels: 100, productSelections: 100 } as const;
