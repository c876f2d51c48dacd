import type { CreateProjectRequest, Project, SearchIndexingConfiguration } from '@commerce/contracts';

const DEACTIVATED = { status: 'Deactivated' } as const;

/**
 * The settings of a new Project as the live API answers them (RAML defaults: carts kept 90 days and rounded
 * half-even, shopping lists kept 360 days, expired reservations released, discounts stacked, business units
 * created by their associates inactive, every search index deactivated); messages are enabled by default on
 * this platform (retention 15 days).
 */
const SETTINGS = {
  messages: { enabled: true, deleteDaysAfterCreation: 15 },
  carts: {
    deleteDaysAfterLastModification: 90,
    countryTaxRateFallbackEnabled: false,
    priceRoundingMode: 'HalfEven',
    taxRoundingMode: 'HalfEven',
  },
  shoppingLists: { deleteDaysAfterLastModification: 360 },
  searchIndexing: {
    products: DEACTIVATED,
    productsSearch: DEACTIVATED,
    orders: DEACTIVATED,
    customers: DEACTIVATED,
    businessUnits: DEACTIVATED,
  } satisfies SearchIndexingConfiguration,
  businessUnits: { myBusinessUnitStatusOnCreation: 'Inactive' },
  inventory: { releaseExpiredReservations: true },
  discounts: { discountCombinationMode: 'Stacking' },
} as const satisfies Partial<Project>;

/** A new Project. */
export function newProject(request: CreateProjectRequest, now: Date): Project {
  return {
    key: request.key,
    name: request.name ?? request.key,
    version: 1,
    createdAt: now.toISOString(),
    countries: request.countries ?? ['DE', 'US'],
    currencies: request.currencies ?? ['EUR', 'USD'],
    languages: request.languages ?? ['en', 'de'],
    ...structuredClone(SETTINGS),
  };
}

/**
 * A stored Project with the settings a row written before they existed lacks, at their defaults: what every
 * reader of the project (and every update) sees.
 */
export function withProjectDefaults<P extends Pick<Project, 'key'>>(stored: P): P {
  const defaults = structuredClone(SETTINGS);
  const { carts, searchIndexing } = stored as Partial<Project>;
  return {
    ...defaults,
    ...stored,
    carts: { ...defaults.carts, ...carts },
    searchIndexing: { ...defaults.searchIndexing, ...searchIndexing },
  };
}
