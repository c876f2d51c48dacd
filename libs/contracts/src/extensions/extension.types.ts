import type { Infer } from '../shapes/shape.js';
import type {
  ExtensionDestinationShape,
  ExtensionShape,
  ExtensionTriggerShape,
  HttpDestinationAuthenticationShape,
} from './extension.shape.js';

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

/** How an HTTP destination authenticates (`HttpDestinationAuthenticationShape`). */
export type HttpDestinationAuthentication = Infer<typeof HttpDestinationAuthenticationShape>;

/** SDK `ExtensionDestination` (`ExtensionDestinationShape`). */
export type ExtensionDestination = Infer<typeof ExtensionDestinationShape>;

export type ExtensionTrigger = Infer<typeof ExtensionTriggerShape>;

/** SDK `Extension` (`ExtensionShape`). Secrets in `destination` are masked as the API shows them. */
export type Extension = Infer<typeof ExtensionShape>;

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
