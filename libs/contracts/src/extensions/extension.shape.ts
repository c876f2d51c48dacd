import {
  array,
  boolean,
  enumOf,
  integer,
  key,
  masked,
  object,
  optional,
  reference,
  resource,
  string,
  typed,
  union,
} from '../shapes/shape.js';
import { EXTENSION_ACTIONS_ON, type ExtensionResourceTypeId } from './extension.types.js';

/** How an HTTP destination authenticates: its secret shown masked, as the live API shows it. */
export const HttpDestinationAuthenticationShape = union('HttpDestinationAuthentication', 'type', {
  AuthorizationHeader: object('AuthorizationHeader', { headerValue: masked() }),
  AzureFunctions: object('AzureFunctionsAuthentication', { key: masked() }),
});

/** SDK `ExtensionDestination`; secrets masked (the written ones are sealed apart, never answered). */
export const ExtensionDestinationShape = union('ExtensionDestination', 'type', {
  HTTP: object('HttpDestination', {
    url: string(),
    authentication: optional(HttpDestinationAuthenticationShape),
  }),
  AWSLambda: object('AWSLambdaDestination', { arn: string(), accessKey: string(), accessSecret: masked() }),
  GoogleCloudFunction: object('GoogleCloudFunctionDestination', { url: string() }),
});

/** SDK `ExtensionTrigger` (GraphQL `Trigger`). */
export const ExtensionTriggerShape = object('Trigger', {
  resourceTypeId: typed<ExtensionResourceTypeId>()(string()),
  actions: array(enumOf('ActionType', EXTENSION_ACTIONS_ON)),
  condition: optional(string()),
});

/** SDK `Extension` (checkout facts 11). */
export const ExtensionShape = resource('Extension', {
  key: optional(key()),
  destination: ExtensionDestinationShape,
  triggers: array(ExtensionTriggerShape),
  timeoutInMs: optional(integer()),
  dependencies: optional(array(reference('extension'))),
  expansionPaths: optional(array(string())),
  additionalContext: optional(object('ExtensionAdditionalContext', { includeOldResource: boolean() })),
});
