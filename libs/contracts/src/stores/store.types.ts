import type {
  BaseResource,
  CustomFields,
  LocalizedString,
  PagedQueryResponse,
  Reference,
  ResourceIdentifier,
} from '../common/types.js';

export interface StoreCountry {
  code: string;
}

export interface ProductSelectionSetting {
  productSelection: Reference<'product-selection'>;
  active: boolean;
}

/** The Storefront's URLs (PSDK9): each field is present only when set (`STOREFRONT_FIELDS`). */
export interface Storefront {
  checkoutUrlTemplate?: string;
  orderUrlTemplate?: string;
  termsOfServiceUrl?: string;
  privacyPolicyUrl?: string;
  refundPolicyUrl?: string;
  shippingPolicyUrl?: string;
  cookiePolicyUrl?: string;
  imprintUrl?: string;
  faqUrl?: string;
  contactUrl?: string;
}

export interface Store extends BaseResource {
  key: string;
  name?: LocalizedString;
  languages: string[];
  countries: StoreCountry[];
  distributionChannels: Reference<'channel'>[];
  supplyChannels: Reference<'channel'>[];
  productSelections: ProductSelectionSetting[];
  custom?: CustomFields;
  storefront?: Storefront;
}

export interface ProductSelectionSettingDraft {
  productSelection: ResourceIdentifier<'product-selection'>;
  active?: boolean;
}

export interface StoreDraft {
  key: string;
  name?: LocalizedString;
  languages?: string[];
  countries?: StoreCountry[];
  distributionChannels?: ResourceIdentifier<'channel'>[];
  supplyChannels?: ResourceIdentifier<'channel'>[];
  productSelections?: ProductSelectionSettingDraft[];
  custom?: { type: ResourceIdentifier<'type'>; fields?: Record<string, unknown> };
  storefront?: Storefront;
}

export type StorePagedQueryResponse = PagedQueryResponse<Store>;

/** The limits of a Store (spec: Limits). */
export const STORE_LIMITS = { channels: 100, productSelections: 100 } as const;
