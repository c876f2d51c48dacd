/**
 * Every error code the platform answers with, and its HTTP status. One table, read by the gateway's
 * exception filter and by every factory: adding a code here is the only way to introduce one.
 */
export const ERROR_STATUS = {
  // HTTP API codes
  ConcurrentModification: 409,
  ResourceNotFound: 404,
  ObjectNotFound: 400,
  InvalidJsonInput: 400,
  InvalidInput: 400,
  InvalidOperation: 400,
  InvalidField: 400,
  RequiredField: 400,
  DuplicateField: 400,
  ProjectNotConfiguredForLanguages: 400,
  MissingRoleOnChannel: 400,
  MaxResourceLimitExceeded: 400,
  MaxDiscountGroupsReached: 400,
  ResourceSizeLimitExceeded: 400,
  ReferencedResourceNotFound: 400,
  ReferenceExists: 400,
  LanguageUsedInStores: 400,
  ProductAssignmentMissing: 400,
  ProductPresentWithDifferentVariantSelection: 400,
  AnonymousIdAlreadyInUse: 400,
  InvalidCredentials: 400,
  InvalidCurrentPassword: 400,
  ExpiredCustomerPasswordToken: 400,
  ExpiredCustomerEmailToken: 400,
  DuplicatePriceScope: 400,
  AttributeNameDoesNotExist: 400,
  AttributeDefinitionAlreadyExists: 400,
  AttributeDefinitionTypeConflict: 400,
  DuplicateEnumValues: 400,
  EnumKeyAlreadyExists: 400,
  EnumKeyDoesNotExist: 400,
  EnumValueIsUsed: 400,
  EnumValuesMustMatch: 400,
  // Product discounts (checkout facts 7: `/product-discounts/matching` with no match)
  NoMatchingProductDiscountFound: 404,
  // Checkout (checkout facts 3.2)
  MatchingPriceNotFound: 400,
  MissingTaxRateForCountry: 400,
  InvalidItemShippingDetails: 400,
  LineItemQuantityAboveLimit: 400,
  LineItemQuantityBelowLimit: 400,
  CountryNotConfiguredInStore: 400,
  ShippingMethodDoesNotMatchCart: 400,
  DiscountCodeNonApplicable: 400,
  OutOfStock: 400,
  PriceChanged: 400,
  // Order Edits: the staged actions cannot be applied to the order (its apply, `matching-orderedit`)
  EditPreviewFailed: 400,
  // API Extensions (checkout facts 11; statuses not specified: 502/504 as a gateway answers for its upstream)
  ExtensionBadResponse: 502,
  ExtensionNoResponse: 504,
  ExtensionUpdateActionsFailed: 400,
  ExtensionPredicateEvaluationFailed: 400,
  ExternalOAuthFailed: 401,
  MethodNotAllowed: 405,
  ContentTooLarge: 413,
  UnsupportedMediaType: 415,
  RequestHeaderFieldsTooLarge: 431,
  TooManyRequests: 429,
  General: 500,
  BadGateway: 502,
  ServiceUnavailable: 503,
  GatewayTimeout: 504,
  HttpVersionNotSupported: 505,
  // OAuth 2.0 codes (the body also carries `error` and `error_description`)
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  invalid_scope: 400,
  unsupported_grant_type: 400,
  invalid_customer_account_credentials: 400,
  invalid_token: 401,
  insufficient_scope: 403,
  access_denied: 403,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Codes that are OAuth 2.0 errors: their bodies add `error` and `error_description` (reference facts 1.2). */
export const OAUTH_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'invalid_scope',
  'unsupported_grant_type',
  'invalid_customer_account_credentials',
  'invalid_token',
  'insufficient_scope',
  'access_denied',
]);

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
