import type { DocumentedResourceType } from '@commerce/contracts';
import { SetMetadata } from '@nestjs/common';
import type { ClassConstructor } from '@commerce/contracts';

/**
 * What a route's request body is, for the OpenAPI description: a DTO class, or the update request of a
 * resource type (`{version, actions}` with the union of its actions from contracts' UPDATE_ACTIONS).
 */
export type BodyDescription = ClassConstructor<object> | { updateOf: DocumentedResourceType };

export const OPENAPI_BODY = 'commerce:openapi-body';

/**
 * Names the body of a route whose handler does not validate it with a `DtoPipe` (routes that forward the body
 * for the owning service to validate) or validates only its envelope (`UpdateRequestDto`).
 */
export const DescribeBody = (body: BodyDescription) => SetMetadata(OPENAPI_BODY, body);
