import { ApiError, type ErrorObject } from './api-error.js';

type Identifier = { id: string } | { key: string };

function describe(identifier: Identifier): string {
  return 'id' in identifier ? `ID '${identifier.id}'` : `key '${identifier.key}'`;
}

const BEARER = { 'WWW-Authenticate': 'Bearer' };

/** Factories for every error the platform raises, each carrying its code's extra fields. */
export const Errors = {
  resourceNotFound(identifier: Identifier): ApiError {
    return new ApiError({
      code: 'ResourceNotFound',
      message: `The Resource with ${describe(identifier)} was not found.`,
    });
  },
  routeNotFound(path: string): ApiError {
    return new ApiError({ code: 'ResourceNotFound', message: `URI not found: ${path}` });
  },
  concurrentModification(resourceId: string, expected: number, current: number): ApiError {
    return new ApiError({
      code: 'ConcurrentModification',
      message: `Object ${resourceId} has a different version than expected. Expected: ${expected} - Actual: ${current}.`,
      currentVersion: current,
    });
  },
  /** A write that collided with a concurrent one and changed nothing (no version to report). */
  concurrentWrite(): ApiError {
    return new ApiError({
      code: 'ConcurrentModification',
      message: 'The request collided with a concurrent change and changed nothing. Send it again.',
    });
  },
  invalidJsonInput(detailedErrorMessage: string): ApiError {
    return new ApiError({
      code: 'InvalidJsonInput',
      message: 'Request body does not contain valid JSON.',
      detailedErrorMessage,
    });
  },
  invalidInput(message: string): ApiError {
    return new ApiError({ code: 'InvalidInput', message });
  },
  invalidCurrentPassword(): ApiError {
    return new ApiError({
      code: 'InvalidCurrentPassword',
      message: 'The given current password does not match.',
    });
  },
  expiredCustomerToken(kind: 'password' | 'email'): ApiError {
    return kind === 'password'
      ? new ApiError({ code: 'ExpiredCustomerPasswordToken', message: 'The password token has expired.' })
      : new ApiError({ code: 'ExpiredCustomerEmailToken', message: 'The email token has expired.' });
  },
  /** A Search API the project has not activated (the live API: 400 `ObjectNotFound`). */
  searchNotActivated(message: string): ApiError {
    return new ApiError({ code: 'ObjectNotFound', message });
  },
  invalidOperation(message: string): ApiError {
    return new ApiError({ code: 'InvalidOperation', message });
  },
  invalidField(field: string, invalidValue: unknown, allowedValues?: unknown[]): ApiError {
    const error: ErrorObject = {
      code: 'InvalidField',
      message: `The value ${JSON.stringify(invalidValue)} is not valid for field ${field}.`,
      field,
      invalidValue,
    };
    if (allowedValues) error.allowedValues = allowedValues;
    return new ApiError(error);
  },
  requiredField(field: string): ApiError {
    return new ApiError({ code: 'RequiredField', message: `A value is required for field ${field}.`, field });
  },
  noMatchingProductDiscountFound(): ApiError {
    return new ApiError({
      code: 'NoMatchingProductDiscountFound',
      message: "Couldn't find a matching product discount for the provided parameters.",
    });
  },
  duplicateField(field: string, duplicateValue: unknown): ApiError {
    return new ApiError({
      code: 'DuplicateField',
      message: `A duplicate value ${JSON.stringify(duplicateValue)} exists for field ${field}.`,
      field,
      duplicateValue,
    });
  },
  referencedResourceNotFound(typeId: string, identifier: Identifier): ApiError {
    return new ApiError({
      code: 'ReferencedResourceNotFound',
      message: `The referenced object of type '${typeId}' with ${describe(identifier)} was not found. It either doesn't exist, or it can't be accessed from this endpoint (e.g., if the endpoint filters by store or customer account).`,
      typeId,
      ...identifier,
    });
  },
  referenceExists(resource: string, referencedBy: string): ApiError {
    return new ApiError({
      code: 'ReferenceExists',
      message: `Can not delete a ${resource} while it is referenced by at least one ${referencedBy}.`,
      referencedBy,
    });
  },
  /** SDK `OutOfStockError`: the line items and SKUs whose stock is short (checkout facts 4.15). */
  outOfStock(skus: string[], lineItems: string[] = []): ApiError {
    return new ApiError({
      code: 'OutOfStock',
      message: `Some line items are out of stock at the time of placing the order: ${skus.join(', ')}.`,
      lineItems,
      skus,
    });
  },
  missingRoleOnChannel(channel: { typeId: 'channel' } & Identifier, missingRole: string): ApiError {
    return new ApiError({
      code: 'MissingRoleOnChannel',
      message: `Given channel with ${describe(channel)} does not have the required role ${missingRole}.`,
      channel,
      missingRole,
    });
  },
  projectNotConfiguredForLanguages(languages: string[]): ApiError {
    return new ApiError({
      code: 'ProjectNotConfiguredForLanguages',
      message: 'The project is not configured for given languages.',
      languages,
    });
  },
  maxResourceLimitExceeded(exceededResource: string, limit: number): ApiError {
    return new ApiError({
      code: 'MaxResourceLimitExceeded',
      message: `You have exceeded the limit of ${limit} resources of type ${exceededResource}.`,
      exceededResource,
    });
  },
  /** A Discount Group created or activated beyond the limit of active ones (SDK MaxDiscountGroupsReachedError). */
  maxDiscountGroupsReached(max: number): ApiError {
    return new ApiError({
      code: 'MaxDiscountGroupsReached',
      message: `Maximum number of active discount groups reached (${max}).`,
    });
  },
  resourceSizeLimitExceeded(): ApiError {
    return new ApiError({
      code: 'ResourceSizeLimitExceeded',
      message: 'The resource size exceeds the maximal allowed size of 16 MB.',
    });
  },
  contentTooLarge(): ApiError {
    return new ApiError({ code: 'ContentTooLarge', message: 'Content too large.' });
  },
  /** A request body of a media type the route does not take (`received` undefined: no `Content-Type`). */
  unsupportedMediaType(received: string | undefined, accepted: readonly string[]): ApiError {
    const sent = received === undefined ? 'no Content-Type' : `Content-Type ${received}`;
    return new ApiError({
      code: 'UnsupportedMediaType',
      message: `Unsupported Media Type: the request body has ${sent}; send ${accepted.join(' or ')}.`,
    });
  },
  requestHeaderFieldsTooLarge(): ApiError {
    return new ApiError({
      code: 'RequestHeaderFieldsTooLarge',
      message: 'The request URL and headers exceed the limit of 15 KB.',
    });
  },
  httpVersionNotSupported(): ApiError {
    return new ApiError({
      code: 'HttpVersionNotSupported',
      message: 'The HTTP version is not supported: use HTTP/1.1.',
    });
  },
  methodNotAllowed(method: string, path: string): ApiError {
    return new ApiError({ code: 'MethodNotAllowed', message: `Method ${method} is not allowed on ${path}.` });
  },
  /** 429 with `Retry-After` in whole seconds (at least 1). */
  tooManyRequests(retryAfterMs: number, message = 'Too many requests.'): ApiError {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return new ApiError(
      { code: 'TooManyRequests', message: `${message} Try again in ${seconds} seconds.` },
      { 'Retry-After': String(seconds) },
    );
  },
  general(errorId: string): ApiError {
    return new ApiError({
      code: 'General',
      message: `Sorry, we're experiencing technical difficulties. Error id: ${errorId}.`,
      errorId,
    });
  },
  /** No instance of the service took the request: nothing was done, a retry is safe. */
  badGateway(service: string): ApiError {
    return new ApiError({
      code: 'BadGateway',
      message: `No instance of the ${service} is available; the request was not processed. Retry later.`,
      outcome: 'not-applied',
    });
  },
  /** The way to the service failed after the request may have left: a write may or may not have been applied. */
  brokenGateway(service: string): ApiError {
    return new ApiError({
      code: 'BadGateway',
      message: `The connection to the ${service} failed during the request. A change may or may not have been applied: read the resource and retry with its current version.`,
      outcome: 'unknown',
    });
  },
  /**
   * The request was sent but no answer came in time (the service is slow, or died while working): a write may
   * or may not have been applied. The client reads the resource and retries with its current `version`.
   */
  gatewayTimeout(service: string): ApiError {
    return new ApiError({
      code: 'GatewayTimeout',
      message: `The ${service} did not answer in time. A change may or may not have been applied: read the resource and retry with its current version.`,
      outcome: 'unknown',
    });
  },
  /** The service found the request past its deadline before it wrote anything: nothing changed, a retry is safe. */
  deadlineExceeded(service = 'service'): ApiError {
    return new ApiError({
      code: 'GatewayTimeout',
      message: `The request's deadline passed before the ${service} wrote anything; nothing was changed. Retry.`,
      outcome: 'not-applied',
    });
  },
  serviceUnavailable(message: string): ApiError {
    return new ApiError({ code: 'ServiceUnavailable', message });
  },
  duplicatePriceScope(conflictingPrice: unknown): ApiError {
    return new ApiError({
      code: 'DuplicatePriceScope',
      message:
        'Duplicate price scope. A price with the same currency, country, customer group, channel and validity already exists on this variant.',
      conflictingPrices: [conflictingPrice],
    });
  },
  /** No price of the variant fits the cart's currency, country, customer group and channel (checkout facts 3.2). */
  matchingPriceNotFound(scope: {
    productId: string;
    variantId: number;
    currency?: string;
    country?: string;
    customerGroup?: { typeId: 'customer-group'; id: string };
    channel?: { typeId: 'channel'; id: string };
  }): ApiError {
    return new ApiError({
      code: 'MatchingPriceNotFound',
      message: `The variant '${scope.variantId}' of product '${scope.productId}' does not contain a price for currency '${scope.currency ?? ''}', country '${scope.country ?? ''}', customer group '${scope.customerGroup?.id ?? ''}', channel '${scope.channel?.id ?? ''}'.`,
      ...scope,
    });
  },
  /** In Platform tax mode a tax category has no rate for the shipping address (checkout facts 3.2). */
  missingTaxRateForCountry(scope: { taxCategoryId: string; country?: string; state?: string }): ApiError {
    const where =
      scope.state !== undefined
        ? `country '${scope.country}' and state '${scope.state}'`
        : `country '${scope.country ?? ''}'`;
    return new ApiError({
      code: 'MissingTaxRateForCountry',
      message: `Tax category '${scope.taxCategoryId}' is missing a tax rate for ${where}.`,
      ...scope,
    });
  },
  /** Product type errors (PSDK `error.d.ts`): their messages are the API's templates. */
  attributeNameDoesNotExist(attributeName: string, typeName: string): ApiError {
    return new ApiError({
      code: 'AttributeNameDoesNotExist',
      message: `Attribute definition for ${attributeName} does not exist on type ${typeName}.`,
      invalidAttributeName: attributeName,
    });
  },
  attributeDefinitionAlreadyExists(
    attributeName: string,
    conflicting: { id: string; name: string },
  ): ApiError {
    return new ApiError({
      code: 'AttributeDefinitionAlreadyExists',
      message: `An attribute definition with name ${attributeName} already exists on product type ${conflicting.name}.`,
      conflictingProductTypeId: conflicting.id,
      conflictingProductTypeName: conflicting.name,
      conflictingAttributeName: attributeName,
    });
  },
  attributeDefinitionTypeConflict(
    attributeName: string,
    conflicting: { id: string; name: string },
  ): ApiError {
    return new ApiError({
      code: 'AttributeDefinitionTypeConflict',
      message: `The attribute with name ${attributeName} has a different type on product type ${conflicting.name}.`,
      conflictingProductTypeId: conflicting.id,
      conflictingProductTypeName: conflicting.name,
      conflictingAttributeName: attributeName,
    });
  },
  duplicateEnumValues(duplicates: string[]): ApiError {
    return new ApiError({
      code: 'DuplicateEnumValues',
      message: `The enum values contain duplicate keys: ${duplicates.join(', ')}.`,
      duplicates,
    });
  },
  enumKeyAlreadyExists(attributeName: string, enumKey: string): ApiError {
    return new ApiError({
      code: 'EnumKeyAlreadyExists',
      message: `The ${attributeName} attribute definition already contains an enum value with the key ${enumKey}.`,
      conflictingEnumKey: enumKey,
      conflictingAttributeName: attributeName,
    });
  },
  enumKeyDoesNotExist(attributeName: string, enumKey: string): ApiError {
    return new ApiError({
      code: 'EnumKeyDoesNotExist',
      message: `The ${attributeName} field definition does not contain an enum value with the key ${enumKey}.`,
      conflictingEnumKey: enumKey,
      conflictingAttributeName: attributeName,
    });
  },
  enumValueIsUsed(keys: string[], attributeName: string): ApiError {
    return new ApiError({
      code: 'EnumValueIsUsed',
      message: `${keys.map((key) => `'${key}'`).join(', ')} is used by some products and cannot be deleted because the ${attributeName} attribute is required.`,
    });
  },
  enumValuesMustMatch(): ApiError {
    return new ApiError({
      code: 'EnumValuesMustMatch',
      message: 'The given values must be equal to the existing enum values.',
    });
  },
  /** Import API (reference facts 1.6): a request with invalid fields is refused whole. */
  importRequestRejected(errors: ErrorObject[]): ApiError {
    const error = new ApiError(errors);
    error.message = 'Complete request got rejected. Import request has some invalid fields';
    error.label = 'Bad Request';
    return error;
  },
  /** The live Import API's words, which the official SDK's own tests expect (docs/DECISIONS.md). */
  importContainerNotFound(key: unknown): ApiError {
    return new ApiError({
      code: 'ResourceNotFound',
      message: `Import container ${typeof key === 'string' ? key : ''} does not exist`,
    });
  },
  // OAuth 2.0
  invalidClient(): ApiError {
    return new ApiError(
      {
        code: 'invalid_client',
        message: 'Please provide valid client credentials using HTTP Basic Authentication.',
      },
      { 'WWW-Authenticate': 'Basic realm="commerce"' },
    );
  },
  invalidRequest(message: string): ApiError {
    return new ApiError({ code: 'invalid_request', message });
  },
  invalidGrant(message: string): ApiError {
    return new ApiError({ code: 'invalid_grant', message });
  },
  invalidScope(): ApiError {
    return new ApiError({ code: 'invalid_scope', message: 'Malformed parameter: scope: Invalid scope.' });
  },
  unsupportedGrantType(grantType: string): ApiError {
    return new ApiError({
      code: 'unsupported_grant_type',
      message: `Invalid parameter: grant_type: Invalid grant type: ${grantType}`,
    });
  },
  invalidCredentials(): ApiError {
    return new ApiError({
      code: 'InvalidCredentials',
      message: 'Account with the given credentials not found.',
    });
  },
  invalidCustomerAccountCredentials(): ApiError {
    return new ApiError({
      code: 'invalid_customer_account_credentials',
      message: 'Customer account with the given credentials not found.',
    });
  },
  missingToken(): ApiError {
    return new ApiError(
      {
        code: 'invalid_token',
        message: 'This endpoint requires an access token. You can get one from the authorization server.',
      },
      BEARER,
    );
  },
  invalidToken(message = 'invalid_token'): ApiError {
    return new ApiError(
      { code: 'invalid_token', message },
      { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    );
  },
  externalOAuthFailed(detail: string): ApiError {
    return new ApiError(
      { code: 'ExternalOAuthFailed', message: `The external OAuth introspection failed: ${detail}` },
      { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    );
  },
  insufficientScope(scopes: string[]): ApiError {
    return new ApiError({
      code: 'insufficient_scope',
      message: `Insufficient scope. One of the following scopes is missing: ${scopes.join(', ')}.`,
    });
  },
};
