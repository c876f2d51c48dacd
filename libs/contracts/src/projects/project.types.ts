import type { ClientLogging } from '../common/types.js';

export interface MessagesConfiguration {
  enabled: boolean;
  deleteDaysAfterCreation?: number;
}

export interface ExternalOAuth {
  url: string;
  authorizationHeader: string;
}

export type RoundingMode = 'HalfEven' | 'HalfUp' | 'HalfDown';

export interface CartsConfiguration {
  deleteDaysAfterLastModification: number;
  countryTaxRateFallbackEnabled: boolean;
  priceRoundingMode: RoundingMode;
  taxRoundingMode: RoundingMode;
}

export type SearchIndexingStatus = 'Activated' | 'Deactivated' | 'Indexing';

export interface SearchIndexingConfigurationValues {
  status: SearchIndexingStatus;
  lastModifiedAt?: string;
  lastModifiedBy?: ClientLogging;
}

/** The search indexes a Project reports (PSDK `SearchIndexingConfiguration`). */
export interface SearchIndexingConfiguration {
  products: SearchIndexingConfigurationValues;
  productsSearch: SearchIndexingConfigurationValues;
  orders: SearchIndexingConfigurationValues;
  customers: SearchIndexingConfigurationValues;
  businessUnits: SearchIndexingConfigurationValues;
}

export interface BusinessUnitConfiguration {
  myBusinessUnitStatusOnCreation: 'Active' | 'Inactive';
  myBusinessUnitAssociateRoleOnCreation?: { typeId: 'associate-role'; key: string };
}

export type ShippingRateInputType =
  | { type: 'CartValue' }
  | { type: 'CartScore' }
  | { type: 'CartClassification'; values: Array<{ key: string; label: Record<string, string> }> };

/** A Project (reference facts 4.5): no `id`, no `lastModifiedAt`. */
export interface Project {
  key: string;
  name: string;
  version: number;
  createdAt: string;
  countries: string[];
  currencies: string[];
  languages: string[];
  messages: MessagesConfiguration;
  carts: CartsConfiguration;
  shoppingLists: { deleteDaysAfterLastModification: number };
  shippingRateInputType?: ShippingRateInputType;
  externalOAuth?: ExternalOAuth;
  searchIndexing: SearchIndexingConfiguration;
  businessUnits: BusinessUnitConfiguration;
  inventory: { releaseExpiredReservations: boolean; reservationExpirationInMinutes?: number };
  discounts: { discountCombinationMode: 'Stacking' | 'BestDeal' };
  productCatalogModel?: 'Classic' | 'Modular';
}

/** A project to create with its admin API client: the bootstrap's (with its configured admin) or a draft's. */
export interface CreateProjectRequest {
  key: string;
  name?: string;
  languages?: string[];
  countries?: string[];
  currencies?: string[];
  admin?: { clientId?: string; clientSecret?: string };
}

export interface CreateProjectResult {
  project: Project;
  adminClient: { id: string; secret?: string; scope: string };
}
