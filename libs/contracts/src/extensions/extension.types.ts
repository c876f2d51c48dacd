import type { BaseResource } from '../common/types.js';

/** SDK `ExtensionResourceTypeId`: the resource types an extension may be triggered by. */
export const EXTENSION_RESOURCE_TYPE_IDS = [
  'business-unit',
  'cart',
  'customer',
  'customer-group',
  'order',
  'payment',
  'payment-method',
  'quote',
  'quote-request',
  'shopping-list',
  'staged-quote',
] as const;
export type ExtensionResourceTypeId = (typeof EXTENSION_RESOURCE_TYPE_IDS)[number];

export const EXTENSION_ACTIONS_ON = ['Create', 'Update'] as const;
export type ExtensionAction = (typeof EXTENSION_ACTIONS_ON)[number];

/** Checkout facts 11: the call's default and largest timeout. */
export const EXTENSION_DEFAULT_TIMEOUT_MS = 2000;
export const EXTENSION_MAX_TIMEOUT_MS = 10000;
/** The most update actions an extension may return (checkout facts 11). */
export const EXTENSION_MAX_ACTIONS = 100;

export type HttpDestinationAuthentication =
  { type: 'AuthorizationHeader'; headerValue: string } | { type: 'AzureFunctions'; key: string };

export type ExtensionDestination =
  | { type: 'HTTP'; url: string; authentication?: HttpDestinationAuthentication }
  | { type: 'AWSLambda'; arn: string; accessKey: string; accessSecret: string }
  | { type: 'GoogleCloudFunction'; url: string };

export interface ExtensionTrigger {
  resourceTypeId: ExtensionResourceTypeId;
  actions: ExtensionAction[];
  condition?: string;
}

/** SDK `Extension`. Secrets in `destination` are masked as the API shows them. */
export interface Extension extends BaseResource {
  key?: string;
  destination: ExtensionDestination;
  triggers: ExtensionTrigger[];
  timeoutInMs?: number;
  dependencies?: Array<{ typeId: 'extension'; id: string }>;
  expansionPaths?: string[];
  additionalContext?: { includeOldResource: boolean };
}

/** What a service needs to call an extension: its triggers, timeout and destination with secrets opened. */
export interface TriggeredExtension {
  id: string;
  key?: string;
  destination: ExtensionDestination;
  triggers: ExtensionTrigger[];
  timeoutInMs: number;
  /** `additionalContext.includeOldResource`: an update's input carries the resource as it was. */
  includeOldResource?: boolean;
}
