import {
  array,
  datetime,
  enumOf,
  integer,
  key,
  literal,
  object,
  optional,
  resource,
  string,
  typed,
  type FieldShape,
} from '../shapes/shape.js';
import {
  IMPORT_RESOURCE_TYPES,
  PROCESSING_STATES,
  type ImportErrorObject,
  type ProcessingState,
} from './import.types.js';

const importResourceType = () => enumOf('ImportResourceType', IMPORT_RESOURCE_TYPES);

/** An import container (reference facts 5.1): addressed by its key, it has no id. */
export const ImportContainerShape = resource(
  'ImportContainer',
  {
    key: key(),
    resourceType: optional(importResourceType()),
    version: integer(),
    retentionPolicy: optional(
      object('TimeToLiveRetentionPolicy', {
        strategy: literal('ttl'),
        config: object('TimeToLiveConfig', { timeToLive: string() }),
      }),
    ),
    createdAt: datetime(),
    lastModifiedAt: datetime(),
    expiresAt: optional(datetime()),
  },
  { base: false },
);

/** An error of an import operation: a code of reference facts 1.6, its message and its own fields. */
const ImportErrorShape = typed<ImportErrorObject>()(
  object('ImportErrorObject', { code: string(), message: string() }),
);

export const UnresolvedReferenceShape = object('UnresolvedReferences', { key: string(), typeId: string() });

/** One resource of an import request and its way through processing (reference facts 5.3). */
export const ImportOperationShape = resource(
  'ImportOperation',
  {
    id: string(),
    version: integer(),
    importContainerKey: string(),
    resourceKey: string(),
    resourceType: importResourceType(),
    state: enumOf('ProcessingState', PROCESSING_STATES),
    resourceVersion: optional(integer()),
    errors: optional(array(ImportErrorShape)),
    unresolvedReferences: optional(array(UnresolvedReferenceShape)),
    createdAt: datetime(),
    lastModifiedAt: datetime(),
    expiresAt: datetime(),
  },
  { base: false },
);

/** What an import request answers: one status per resource, in the request's order. */
export const ImportResponseShape = object('ImportResponse', {
  operationStatus: array(
    object('ImportOperationStatus', {
      operationId: optional(string()),
      state: enumOf('ImportOperationState', ['processing', 'validationFailed']),
      errors: optional(array(ImportErrorShape)),
    }),
  ),
});

/** How many operations of a container are in each processing state. */
export const ImportSummaryShape = object('ImportSummary', {
  states: typed<Record<ProcessingState, number>>()(
    object(
      'OperationStates',
      Object.fromEntries(PROCESSING_STATES.map((state) => [state, integer()])) as Record<
        ProcessingState,
        FieldShape
      >,
    ),
  ),
  total: integer(),
});
