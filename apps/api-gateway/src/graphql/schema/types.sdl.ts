import { ADDRESS_TEXT_FIELDS, CHANNEL_ROLES, PRODUCT_SELECTION_MODES } from '@commerce/contracts';

/**
 * The read side of the GraphQL schema (schema-first SDL). Type and field names follow the live commercetools
 * GraphQL API; where a value has no fixed shape in our REST resources (attribute values, custom field values,
 * field types) it is the `Json` scalar, as the live API's `*Raw` fields are.
 * Field lists and enums the contracts already declare (address fields, channel roles, selection modes) are
 * generated from them.
 */
export const TYPES_SDL = /* GraphQL */ `
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

  type StoreCountry {
    code: Country!
  }

  type ProductSelectionSetting {
    productSelectionRef: Reference!
    productSelection: ProductSelection
    active: Boolean!
  }

  type Store implements Versioned {
    id: String!
    version: Long!
    key: String!
    name(locale: Locale, acceptLanguage: [Locale!]): String
    nameAllLocales: [LocalizedString!]
    languages: [Locale!]
    countries: [StoreCountry!]
    distributionChannelsRef: [Reference!]!
    distributionChannels: [Channel!]!
    supplyChannelsRef: [Reference!]!
    supplyChannels: [Channel!]!
    productSelections: [ProductSelectionSetting!]!
    custom: CustomFieldsType
    storefront: Storefront
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }

  type Storefront {
    checkoutUrlTemplate: String
    orderUrlTemplate: String
    termsOfServiceUrl: String
    privacyPolicyUrl: String
    refundPolicyUrl: String
    shippingPolicyUrl: String
    cookiePolicyUrl: String
    imprintUrl: String
    faqUrl: String
    contactUrl: String
  }

  type StoreQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [Store!]!
  }

  enum ChannelRole {
    ${CHANNEL_ROLES.join('\n    ')}
  }

  type Address {
    country: Country!
    ${ADDRESS_TEXT_FIELDS.map((field) => `${field}: String`).join('\n    ')}
  }

  type GeometryPoint {
    type: String!
    coordinates: [Float!]!
  }

  type Channel implements Versioned {
    id: String!
    version: Long!
    key: String!
    roles: [ChannelRole!]!
    name(locale: Locale, acceptLanguage: [Locale!]): String
    nameAllLocales: [LocalizedString!]
    description(locale: Locale, acceptLanguage: [Locale!]): String
    descriptionAllLocales: [LocalizedString!]
    address: Address
    geoLocation: GeometryPoint
    custom: CustomFieldsType
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }

  type ChannelQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [Channel!]!
  }

  type CustomerGroup implements Versioned {
    id: String!
    version: Long!
    key: String
    name: String!
    custom: CustomFieldsType
    createdAt: DateTime!
    lastModifiedAt: DateTime!
    createdBy: Initiator
    lastModifiedBy: Initiator
  }

  type CustomerGroupQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [CustomerGroup!]!
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

  "The signed-in customer's own data (a customer token with manage_my_profile)."
  type Me {
    customer: Customer
  }

  "Everything under inStore(key) or inStores(keys) sees only those Stores."
  type InStore {
    customer(id: String, key: String): Customer
    customers(where: String, sort: [String!], limit: Int, offset: Int): CustomerQueryResult!
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
    store(id: String, key: String): Store
    stores(where: String, sort: [String!], limit: Int, offset: Int): StoreQueryResult!
    channel(id: String, key: String): Channel
    channels(where: String, sort: [String!], limit: Int, offset: Int): ChannelQueryResult!
    customer(id: String, key: String): Customer
    customers(where: String, sort: [String!], limit: Int, offset: Int): CustomerQueryResult!
    customerGroup(id: String, key: String): CustomerGroup
    customerGroups(where: String, sort: [String!], limit: Int, offset: Int): CustomerGroupQueryResult!
    productSelection(id: String, key: String): ProductSelection
    productSelections(where: String, sort: [String!], limit: Int, offset: Int): ProductSelectionQueryResult!
    productType(id: String, key: String): ProductTypeDefinition
    productTypes(where: String, sort: [String!], limit: Int, offset: Int): ProductTypeDefinitionQueryResult!
    product(id: String, key: String): Product
    products(where: String, sort: [String!], limit: Int, offset: Int): ProductQueryResult!
    typeDefinition(id: String, key: String): TypeDefinition
    typeDefinitions(where: String, sort: [String!], limit: Int, offset: Int): TypeDefinitionQueryResult!
    review(id: String, key: String): Review
    reviews(where: String, sort: [String!], limit: Int, offset: Int): ReviewQueryResult!
    customObject(id: String, container: String, key: String): CustomObject
    customObjects(container: String!, where: String, sort: [String!], limit: Int, offset: Int): CustomObjectQueryResult!
    apiClient(id: String!): APIClientWithoutSecret
    apiClients(where: String, sort: [String!], limit: Int, offset: Int): APIClientWithoutSecretQueryResult!
    me: Me!
    inStore(key: KeyReferenceInput!): InStore!
    inStores(keys: [KeyReferenceInput!]!): InStore!
  }
`;
