import {
  array,
  boolean,
  datetime,
  enumOf,
  type Fields,
  type Infer,
  integer,
  literal,
  object,
  type ObjectShape,
  optional,
  resource,
  string,
  union,
} from '../shapes/shape.js';
import { ATTRIBUTION_SOURCES } from '../context.js';
import {
  INSIGHTS_EVENT_TYPES,
  VENDOR_A_REGIONS,
  VENDOR_C_SITES,
  type InsightsProviderType,
} from './insights.types.js';

const eventType = () => enumOf('InsightsEventType', INSIGHTS_EVENT_TYPES);

/** What every provider shows; `valid` tells whether the last export to it succeeded. */
const provider = <const Fs extends Fields>(name: string, fields: Fs) =>
  object(name, {
    active: boolean(),
    valid: boolean(),
    eventTypes: array(eventType()),
    ...fields,
  });

/** An OTLP endpoint shows its headers' names only: their values are secrets. */
const otlpFields = {
  endpoint: string(),
  headers: array(object('OtlpProviderHeader', { name: string() })),
};

/** A provider by its `type`, without its API key (write-only). */
const InsightsProviderShape = union('InsightsProvider', 'type', {
  VendorA: provider('VendorAProvider', { region: enumOf('VendorARegion', VENDOR_A_REGIONS) }),
  VendorBSaaS: provider('VendorBSaaSProvider', { environmentId: string() }),
  VendorBActiveGate: provider('VendorBActiveGateProvider', {
    activeGateDomain: string(),
    activeGatePort: optional(integer()),
    environmentId: string(),
  }),
  VendorC: provider('VendorCProvider', { site: enumOf('VendorCSite', VENDOR_C_SITES) }),
  Otlp: provider('OtlpProvider', otlpFields),
  OtlpHttp: provider('OtlpHttpProvider', otlpFields),
} satisfies Record<InsightsProviderType, ObjectShape>);

const InsightsAttributeShape = object('InsightsAttribute', {
  eventType: eventType(),
  type: literal('String'),
  name: string(),
  value: string(),
});

/** Who wrote the configuration last: the request's actor (`Actor`) as it was. */
const ActorShape = object('Actor', {
  clientId: optional(string()),
  externalUserId: optional(string()),
  customerId: optional(string()),
  anonymousId: optional(string()),
  attributedTo: optional(
    object('Attribution', {
      clientId: optional(string()),
      source: enumOf('AttributionSource', ATTRIBUTION_SOURCES),
    }),
  ),
});

/**
 * The insights configuration of a project (ProjectConfiguration): one per project, no id, no version, never a
 * secret (API keys and OTLP header values are write-only).
 */
export const InsightsConfigurationShape = resource(
  'InsightsConfiguration',
  {
    active: boolean(),
    projectKey: string(),
    providers: array(InsightsProviderShape),
    additionalAttributes: array(InsightsAttributeShape),
    lastModifiedAt: datetime(),
    lastModifiedBy: ActorShape,
  },
  { base: false },
);

export type InsightsConfiguration = Infer<typeof InsightsConfigurationShape>;
export type InsightsProvider = Infer<typeof InsightsProviderShape>;
export type InsightsAttribute = Infer<typeof InsightsAttributeShape>;
