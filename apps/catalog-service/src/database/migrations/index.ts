import { CatalogInitial1763700000000 } from './1763700000000-catalog-initial.js';
import { CatalogMessages1763800000000 } from './1763800000000-catalog-messages.js';
import { CatalogLookups1763800000100 } from './1763800000100-catalog-lookups.js';
import { CatalogTaxonomy1764000000000 } from './1764000000000-catalog-taxonomy.js';
import { CatalogProductSearch1764100000000 } from './1764100000000-catalog-product-search.js';
import { CatalogAssignmentOrder1764200000000 } from './1764200000000-assignment-order.js';
import { CatalogSearchScopeIndex1764250000000 } from './1764250000000-catalog-search-scope-index.js';
import { CatalogReferenceProtocol1764300000000 } from './1764300000000-reference-protocol.js';
import { CatalogMessageRelay1764400000000 } from './1764400000000-catalog-message-relay.js';
import { CatalogProductImageFiles1764500000000 } from './1764500000000-product-image-files.js';
import { CatalogInventory1764700000000 } from './1764700000000-inventory.js';
import { CatalogSearchFuzzy1764600000000 } from './1764600000000-catalog-search-fuzzy.js';
import { CatalogCustomObjects1764600000000 } from './1764600000000-custom-objects.js';
import { CatalogReviews1764700000000 } from './1764700000000-reviews.js';
import { CatalogSubscriptions1765100000000 } from './1765100000000-catalog-subscriptions.js';
import { CatalogSubscriptionStop1765200000000 } from './1765200000000-catalog-subscription-stop.js';
import { CatalogDiscountsStandalonePrices1764800000000 } from './1764800000000-discounts-standalone-prices.js';
import { CatalogSearchDocScopeIndex1765300000000 } from './1765300000000-catalog-search-doc-scope-index.js';
import { CatalogSearchGinPendingList1765500000000 } from './1765500000000-catalog-search-gin-pending-list.js';
import { CatalogStandalonePriceProductDiscounted1765600000000 } from './1765600000000-standalone-price-product-discounted.js';
import { CatalogAttributeGroups1766450000000 } from './1766450000000-catalog-attribute-groups.js';

export const catalogMigrations = [
  CatalogInitial1763700000000,
  CatalogMessages1763800000000,
  CatalogLookups1763800000100,
  CatalogTaxonomy1764000000000,
  CatalogProductSearch1764100000000,
  CatalogAssignmentOrder1764200000000,
  CatalogSearchScopeIndex1764250000000,
  CatalogReferenceProtocol1764300000000,
  CatalogMessageRelay1764400000000,
  CatalogProductImageFiles1764500000000,
  CatalogInventory1764700000000,
  CatalogSearchFuzzy1764600000000,
  CatalogCustomObjects1764600000000,
  CatalogReviews1764700000000,
  CatalogSubscriptions1765100000000,
  CatalogSubscriptionStop1765200000000,
  CatalogDiscountsStandalonePrices1764800000000,
  CatalogSearchDocScopeIndex1765300000000,
  CatalogSearchGinPendingList1765500000000,
  CatalogStandalonePriceProductDiscounted1765600000000,
  CatalogAttributeGroups1766450000000,
];
