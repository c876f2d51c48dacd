import type {
  Actor,
  InsightsAttribute,
  InsightsConfiguration,
  InsightsEventType,
  InsightsProvider,
  InsightsProviderType,
  VendorARegion,
  VendorCSite,
} from '@commerce/contracts';

interface StoredCommon {
  active: boolean;
  eventTypes: InsightsEventType[];
}

/** A provider as stored: its secrets sealed (`SecretBox`), never in clear. */
export type StoredProvider = StoredCommon &
  (
    | { type: 'VendorA'; region: VendorARegion; apiKey: string }
    | { type: 'VendorBSaaS'; environmentId: string; apiKey: string }
    | {
        type: 'VendorBActiveGate';
        activeGateDomain: string;
        activeGatePort?: number;
        environmentId: string;
        apiKey: string;
      }
    | { type: 'VendorC'; site: VendorCSite; apiKey: string }
    | { type: 'Otlp' | 'OtlpHttp'; endpoint: string; headers: Array<{ name: string; value: string }> }
  );

export interface StoredConfiguration {
  active: boolean;
  projectKey: string;
  providers: StoredProvider[];
  additionalAttributes: InsightsAttribute[];
  lastModifiedAt: string;
  lastModifiedBy: Actor;
}

/**
 * The configuration as the API shows it (`InsightsConfigurationShape`, which the return type is derived from):
 * no API keys, OTLP header names only, `valid` per provider.
 */
export function configurationView(
  stored: StoredConfiguration,
  validity: ReadonlyMap<InsightsProviderType, boolean>,
): InsightsConfiguration {
  return {
    active: stored.active,
    projectKey: stored.projectKey,
    providers: stored.providers.map((provider) =>
      providerView(provider, validity.get(provider.type) ?? true),
    ),
    additionalAttributes: stored.additionalAttributes.map(({ eventType, type, name, value }) => ({
      eventType,
      type,
      name,
      value,
    })),
    lastModifiedAt: stored.lastModifiedAt,
    lastModifiedBy: stored.lastModifiedBy,
  };
}

function providerView(provider: StoredProvider, valid: boolean): InsightsProvider {
  const common = { active: provider.active, valid, eventTypes: provider.eventTypes };
  switch (provider.type) {
    case 'VendorA':
      return { type: provider.type, ...common, region: provider.region };
    case 'VendorBSaaS':
      return { type: provider.type, ...common, environmentId: provider.environmentId };
    case 'VendorBActiveGate':
      return {
        type: provider.type,
        ...common,
        activeGateDomain: provider.activeGateDomain,
        ...(provider.activeGatePort !== undefined ? { activeGatePort: provider.activeGatePort } : {}),
        environmentId: provider.environmentId,
      };
    case 'VendorC':
      return { type: provider.type, ...common, site: provider.site };
    case 'Otlp':
    case 'OtlpHttp':
      return {
        type: provider.type,
        ...common,
        endpoint: provider.endpoint,
        headers: provider.headers.map(({ name }) => ({ name })),
      };
    default: {
      const unknown: never = provider;
      throw new Error(`Unknown provider ${JSON.stringify((unknown as { type: string }).type)}`);
    }
  }
}

export type OtlpStoredProvider = Extract<StoredProvider, { type: 'Otlp' | 'OtlpHttp' }>;
export type VendorStoredProvider = Exclude<StoredProvider, OtlpStoredProvider>;

export function isOtlpProvider(provider: StoredProvider): provider is OtlpStoredProvider {
  return provider.type === 'Otlp' || provider.type === 'OtlpHttp';
}
