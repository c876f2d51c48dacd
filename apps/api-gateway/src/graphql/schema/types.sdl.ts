import { QUERY_RESOURCES, type GraphqlResource } from '../resources.js';
import { SHAPE_TYPES } from './shaped.js';

/**
 * The read side of the GraphQL schema (schema-first SDL). Type and field names follow the live commercetools
 * GraphQL API; where a value has no fixed shape in our REST resources (attribute values, custom field values,
 * field types) it is the `Json` scalar, as the live API's `*Raw` fields are.
 * Field lists and enums the contracts already declare (address fields, channel roles, selection modes) are
 * generated from them. The types of resources that declare a shape are derived from it (`shaped.ts`).
 */

/** A resource's two fields on the Query root: `store(id, key)` and `stores(where, sort, limit, offset)`. */
export function queryFields({ single, list, typeName, idOnly, keyArg = 'key' }: GraphqlResource): string {
  return [
    `${single}(${idOnly ? 'id: String!' : `id: String, ${keyArg}: String`}): ${typeName}`,
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

  type CustomerSignInResult {
    customer: Customer!
  }

  # Every variant of the data, the master variant first: computed, beside the fields ProductData declares.
  extend type ProductData {
    allVariants: [ProductVariant!]!
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

  # The live interface of the Messages an Order Edit's preview would emit (PreviewSuccess.messagePayloads).
  # The live schema has one type per Message type; here every payload is one type, its fields in \`value\`.
  interface OrderMessagePayload {
    type: String!
  }

  "A Message payload of an Order Edit's preview: its \`type\` and the whole payload as REST answers it."
  type RawOrderMessagePayload implements OrderMessagePayload {
    type: String!
    value: Json!
  }

  "The token's own data: its customer (manage_my_profile), carts and orders (manage_my_orders), payments (manage_my_payments)."
  type Me {
    customer: Customer
    activeCart: Cart
    cart(id: String!): Cart
    carts(where: String, sort: [String!], limit: Int, offset: Int): CartQueryResult!
    order(id: String, orderNumber: String): Order
    orders(where: String, sort: [String!], limit: Int, offset: Int): OrderQueryResult!
    payment(id: String!): Payment
    payments(where: String, sort: [String!], limit: Int, offset: Int): PaymentQueryResult!
    shoppingList(id: String, key: String): ShoppingList
    shoppingLists(where: String, sort: [String!], limit: Int, offset: Int): ShoppingListQueryResult!
  }

  "Everything under inStore(key) or inStores(keys) sees only those Stores."
  type InStore {
    customer(id: String, key: String): Customer
    customers(where: String, sort: [String!], limit: Int, offset: Int): CustomerQueryResult!
    cart(id: String, key: String): Cart
    carts(where: String, sort: [String!], limit: Int, offset: Int): CartQueryResult!
    order(id: String, orderNumber: String): Order
    orders(where: String, sort: [String!], limit: Int, offset: Int): OrderQueryResult!
    shoppingList(id: String, key: String): ShoppingList
    shoppingLists(where: String, sort: [String!], limit: Int, offset: Int): ShoppingListQueryResult!
    cartDiscounts(where: String, sort: [String!], limit: Int, offset: Int): CartDiscountQueryResult!
    discountCode(id: String, key: String): DiscountCode
    discountCodes(where: String, sort: [String!], limit: Int, offset: Int): DiscountCodeQueryResult!
    shippingMethodsByCart(id: String!): [ShippingMethod!]!
    me: Me!
  }

  type ProductSearchResult {
    id: String!
    product: Product
    matchingVariants: Json
  }

  type ProductPagedSearchResponse {
    total: Long!
    offset: Int!
    limit: Int!
    results: [ProductSearchResult!]!
    facets: Json
  }

  type Query {
    ${QUERY_RESOURCES.map(queryFields).join('\n    ')}
    shippingMethodsByCart(id: String!): [ShippingMethod!]!
    shippingMethodsByLocation(country: Country!, state: String, currency: String): [ShippingMethod!]!
    productsSearch(
      query: Json
      sort: [Json!]
      limit: Int
      offset: Int
      markMatchingVariants: Boolean
      facets: [Json!]
      postFilter: Json
    ): ProductPagedSearchResponse!
    customObject(id: String, container: String, key: String): CustomObject
    customObjects(container: String!, where: String, sort: [String!], limit: Int, offset: Int): CustomObjectQueryResult!
    me: Me!
    inStore(key: KeyReferenceInput!): InStore!
    inStores(keys: [KeyReferenceInput!]!): InStore!
  }
`;
