import { QUERY_RESOURCES, type GraphqlResource } from '../resources.js';
import { SHAPE_TYPES } from './shaped.js';
import { PRODUCT_SELECTION_MODES } from '@commerce/contracts';

/**
 * The read side of the GraphQL schema (schema-first SDL). Type and field names follow the live commercetools
 * GraphQL API; where a value has no fixed shape in our REST resources (attribute values, custom field values,
 * field types) it is the `Json` scalar, as the live API's `*Raw` fields are.
 * Field lists and enums the contracts already declare (address fields, channel roles, selection modes) are
 * generated from them. The types of resources that declare a shape are derived from it (`shaped.ts`).
 */

/** A resource's two fields on the Query root: `store(id, key)` and `stores(where, sort, limit, offset)`. */
export function queryFields({ single, list, typeName, idOnly }: GraphqlResource): string {
  return [
    `${single}(${idOnly ? 'id: String!' : 'id: String, key: String'}): ${typeName}`,
    `${list}(where: String, sort: [String!], limit: Int, offset: Int): ${typeName}QueryResult!`,
  ].join('\n    ');
}

export const TYPES_SDL = /* GraphQL */ `
  ${SHAPE_TYPES.sdl}

  "Non-fractional signed whole numeric value."
  scalar Long
  "ISO 8601 date and time."
  scalar DateTime
  "ISO 8601 date."
  scalar Date
  "A language tag, e.g. en or de-DE."
  scalar Locale
  "ISO 3166-1 alpha-2 country code."
  scalar Country
  "A key that references a resource."
  scalar KeyReferenceInput
  "Raw JSON value."
  scalar Json

  type LocalizedString {
    locale: Locale!
    value: String!
  }

  type Reference {
    typeId: String!
    id: String!
  }

  type KeyReference {
    typeId: String!
    key: String!
  }

  type Initiator {
    isPlatformClient: Boolean
    externalUserId: String
    anonymousId: String
    clientId: String
    customerRef: Reference
    userRef: Reference
  }

  type RawCustomField {
    name: String!
    value: Json!
  }

  type CustomFieldsType {
    typeRef: Reference!
    type: TypeDefinition
    customFieldsRaw(includeNames: [String!], excludeNames: [String!]): [RawCustomField!]
  }

  interface Versioned {
    id: String!
    version: Long!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }

  type GeometryPoint {
    type: String!
    coordinates: [Float!]!
  }

  type InventoryEntryStockLevels {
    reorderPoint: Long
    safetyStock: Long
  }

  type InventoryEntry implements Versioned {
    id: String!
    version: Long!
    key: String
    sku: String!
    supplyChannelRef: Reference
    supplyChannel: Channel
    quantityOnStock: Long!
    availableQuantity: Long!
    restockableInDays: Int
    expectedDelivery: DateTime
    minCartQuantity: Long
    maxCartQuantity: Long
    reservationExpirationInMinutes: Int
    stockLevels: InventoryEntryStockLevels
    custom: CustomFieldsType
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }

  type InventoryEntryQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [InventoryEntry!]!
  }

  enum AuthenticationMode {
    Password
    ExternalAuth
  }

  type Customer implements Versioned {
    id: String!
    version: Long!
    key: String
    customerNumber: String
    externalId: String
    email: String!
    firstName: String
    lastName: String
    middleName: String
    title: String
    salutation: String
    dateOfBirth: Date
    companyName: String
    vatId: String
    addresses: [Address!]!
    defaultShippingAddressId: String
    shippingAddressIds: [String!]!
    defaultBillingAddressId: String
    billingAddressIds: [String!]!
    isEmailVerified: Boolean!
    locale: Locale
    authenticationMode: AuthenticationMode
    storesRef: [KeyReference!]!
    stores: [Store!]!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }

  type CustomerQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [Customer!]!
  }

  type CustomerSignInResult {
    customer: Customer!
  }

  enum ProductSelectionMode {
    ${PRODUCT_SELECTION_MODES.join('\n    ')}
  }

  type ProductSelection implements Versioned {
    id: String!
    version: Long!
    key: String
    name(locale: Locale, acceptLanguage: [Locale!]): String
    nameAllLocales: [LocalizedString!]!
    productCount: Int!
    mode: ProductSelectionMode!
    custom: CustomFieldsType
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }

  type ProductSelectionQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [ProductSelection!]!
  }

  type AttributeDefinition {
    name: String!
    label(locale: Locale, acceptLanguage: [Locale!]): String
    labelAllLocales: [LocalizedString!]!
    isRequired: Boolean!
    attributeConstraint: String!
    inputHint: String!
    isSearchable: Boolean!
    type: Json!
  }

  type ProductTypeDefinition implements Versioned {
    id: String!
    version: Long!
    key: String
    name: String!
    description: String!
    attributeDefinitions: [AttributeDefinition!]!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }

  type ProductTypeDefinitionQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [ProductTypeDefinition!]!
  }

  type RawProductAttribute {
    name: String!
    value: Json!
  }

  type ProductVariant {
    id: Int!
    key: String
    sku: String
    attributesRaw: [RawProductAttribute!]!
    pricesRaw: Json
  }

  type ProductData {
    name(locale: Locale, acceptLanguage: [Locale!]): String
    nameAllLocales: [LocalizedString!]!
    description(locale: Locale, acceptLanguage: [Locale!]): String
    descriptionAllLocales: [LocalizedString!]
    slug(locale: Locale, acceptLanguage: [Locale!]): String
    slugAllLocales: [LocalizedString!]!
    masterVariant: ProductVariant!
    variants: [ProductVariant!]!
    allVariants: [ProductVariant!]!
  }

  type ProductCatalogData {
    published: Boolean!
    hasStagedChanges: Boolean!
    current: ProductData
    staged: ProductData
  }

  type Product implements Versioned {
    id: String!
    version: Long!
    key: String
    productTypeRef: Reference!
    productType: ProductTypeDefinition
    masterData: ProductCatalogData!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }

  type ProductQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [Product!]!
  }

  type FieldDefinition {
    name: String!
    label(locale: Locale, acceptLanguage: [Locale!]): String
    labelAllLocales: [LocalizedString!]!
    required: Boolean!
    inputHint: String
    type: Json!
  }

  type TypeDefinition implements Versioned {
    id: String!
    version: Long!
    key: String!
    name(locale: Locale, acceptLanguage: [Locale!]): String
    nameAllLocales: [LocalizedString!]!
    description(locale: Locale, acceptLanguage: [Locale!]): String
    descriptionAllLocales: [LocalizedString!]
    resourceTypeIds: [String!]!
    fieldDefinitions(includeNames: [String!], excludeNames: [String!]): [FieldDefinition!]!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }

  type TypeDefinitionQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [TypeDefinition!]!
  }

  type APIClientWithoutSecret {
    id: String!
    name: String!
    scope: String!
    createdAt: DateTime
    lastUsedAt: Date
    deleteAt: DateTime
    accessTokenValiditySeconds: Int
    refreshTokenValiditySeconds: Int
  }

  type APIClientWithoutSecretQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [APIClientWithoutSecret!]!
  }

  type Location {
    country: Country!
    state: String
  }

  type Zone implements Versioned {
    id: String!
    version: Long!
    key: String
    name: String!
    description: String
    locations: [Location!]!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }

  type ZoneQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [Zone!]!
  }

  type Money {
    type: String!
    currencyCode: String!
    centAmount: Long!
    fractionDigits: Int!
  }

  type PriceFunction {
    currencyCode: String!
    function: String!
  }

  interface ShippingRatePriceTier {
    type: String!
  }

  type ShippingRateCartValuePriceTier implements ShippingRatePriceTier {
    type: String!
    minimumCentAmount: Int!
    price: Money!
    isMatching: Boolean
  }

  type ShippingRateCartClassificationPriceTier implements ShippingRatePriceTier {
    type: String!
    value: String!
    price: Money!
    isMatching: Boolean
  }

  type ShippingRateCartScorePriceTier implements ShippingRatePriceTier {
    type: String!
    score: Int!
    price: Money
    priceFunction: PriceFunction
    isMatching: Boolean
  }

  type ShippingRate {
    price: Money!
    freeAbove: Money
    isMatching: Boolean
    tiers: [ShippingRatePriceTier!]!
  }

  type ZoneRate {
    zoneRef: Reference
    zone: Zone
    shippingRates: [ShippingRate!]!
  }

  type ShippingMethod implements Versioned {
    id: String!
    version: Long!
    key: String
    name: String!
    localizedName(locale: Locale, acceptLanguage: [Locale!]): String
    localizedNameAllLocales: [LocalizedString!]
    description: String
    localizedDescription(locale: Locale, acceptLanguage: [Locale!]): String
    localizedDescriptionAllLocales: [LocalizedString!]
    taxCategoryRef: Reference
    zoneRates: [ZoneRate!]!
    active: Boolean!
    isDefault: Boolean!
    predicate: String
    storesRef: [KeyReference!]!
    stores: [Store!]!
    custom: CustomFieldsType
    carrier: String
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }

  type ShippingMethodQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [ShippingMethod!]!
  }

  "The signed-in customer's own data (a customer token with manage_my_profile)."
  type Me {
    customer: Customer
    shoppingList(id: String, key: String): ShoppingList
    shoppingLists(where: String, sort: [String!], limit: Int, offset: Int): ShoppingListQueryResult!
  }

  "Everything under inStore(key) or inStores(keys) sees only those Stores."
  type InStore {
    customer(id: String, key: String): Customer
    customers(where: String, sort: [String!], limit: Int, offset: Int): CustomerQueryResult!
    shoppingList(id: String, key: String): ShoppingList
    shoppingLists(where: String, sort: [String!], limit: Int, offset: Int): ShoppingListQueryResult!
    me: Me!
  }

  type Review implements Versioned {
    id: String!
    version: Long!
    key: String
    uniquenessValue: String
    locale: Locale
    authorName: String
    title: String
    text: String
    targetRef: Reference
    rating: Int
    stateRef: Reference
    includedInStatistics: Boolean!
    customerRef: Reference
    customer: Customer
    custom: CustomFieldsType
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }

  type ReviewQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [Review!]!
  }

  type CustomObject implements Versioned {
    id: String!
    version: Long!
    container: String!
    key: String!
    value: Json!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }

  type CustomObjectQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [CustomObject!]!
  }

  type Query {
    ${QUERY_RESOURCES.map(queryFields).join('\n    ')}
    shippingMethodsByLocation(country: Country!, state: String, currency: String): [ShippingMethod!]!
    customObject(id: String, container: String, key: String): CustomObject
    customObjects(container: String!, where: String, sort: [String!], limit: Int, offset: Int): CustomObjectQueryResult!
    me: Me!
    inStore(key: KeyReferenceInput!): InStore!
    inStores(keys: [KeyReferenceInput!]!): InStore!
  }
`;
