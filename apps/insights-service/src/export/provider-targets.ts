import type { VendorCSite } from '@commerce/contracts';
import type { InsightsConfig } from '../insights.config.js';
import type { StoredProvider } from '../configuration/stored-configuration.js';

/** Where and how one provider receives OTLP: gRPC at one URL, or HTTP/protobuf at one URL per signal. */
export interface ProviderTarget {
  protocol: 'grpc' | 'http';
  metricsUrl: string;
  logsUrl: string;
  /** Header values in clear: built for one export and never kept or logged. */
  headers: Record<string, string>;
}

export type VendorOverrides = Pick<
  InsightsConfig,
  | 'INSIGHTS_VENDOR_A_URL'
  | 'INSIGHTS_VENDOR_B_SAAS_URL'
  | 'INSIGHTS_VENDOR_B_ACTIVEGATE_URL'
  | 'INSIGHTS_VENDOR_C_URL'
>;

/** Datadog's domain per site. */
const VENDOR_C_DOMAINS: Record<VendorCSite, string> = {
  US1: 'datadoghq.com',
  US3: 'us3.datadoghq.com',
  US5: 'us5.datadoghq.com',
  EU1: 'datadoghq.eu',
  'US1-FED': 'ddog-gov.com',
  AP1: 'ap1.datadoghq.com',
};

/** New Relic's OTLP host per region. */
const VENDOR_A_HOSTS = { us: 'otlp.nr-data.net', eu: 'otlp.eu01.nr-data.net' } as const;

const DEFAULT_ACTIVE_GATE_PORT = 9999;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (match, name: string) =>
    values[name] === undefined ? match : encodeURIComponent(String(values[name])),
  );

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** `<base>/v1/metrics` and `<base>/v1/logs`, as OTLP/HTTP clients derive them from a base endpoint. */
function perSignal(base: string): Pick<ProviderTarget, 'metricsUrl' | 'logsUrl'> {
  return { metricsUrl: `${trimSlash(base)}/v1/metrics`, logsUrl: `${trimSlash(base)}/v1/logs` };
}

/**
 * The OTLP endpoints and headers of a provider. Vendors take their API key in the header each documents:
 * VendorA (New Relic) `api-key`, VendorB (Dynatrace) `Authorization: Api-Token`, VendorC (Datadog)
 * `dd-api-key`. A configured base URL template (tests) replaces a vendor's own hosts.
 */
export function providerTarget(
  provider: StoredProvider,
  reveal: (sealed: string) => string,
  overrides: Partial<VendorOverrides> = {},
): ProviderTarget {
  switch (provider.type) {
    case 'VendorA': {
      const base = overrides.INSIGHTS_VENDOR_A_URL
        ? fill(overrides.INSIGHTS_VENDOR_A_URL, { region: provider.region })
        : `https://${VENDOR_A_HOSTS[provider.region]}`;
      return { protocol: 'http', ...perSignal(base), headers: { 'api-key': reveal(provider.apiKey) } };
    }
    case 'VendorBSaaS': {
      const template =
        overrides.INSIGHTS_VENDOR_B_SAAS_URL ?? 'https://{environmentId}.live.dynatrace.com/api/v2/otlp';
      return {
        protocol: 'http',
        ...perSignal(fill(template, { environmentId: provider.environmentId })),
        headers: { Authorization: `Api-Token ${reveal(provider.apiKey)}` },
      };
    }
    case 'VendorBActiveGate': {
      const template =
        overrides.INSIGHTS_VENDOR_B_ACTIVEGATE_URL ??
        'https://{activeGateDomain}:{activeGatePort}/e/{environmentId}/api/v2/otlp';
      const base = fill(template, {
        activeGateDomain: provider.activeGateDomain,
        activeGatePort: provider.activeGatePort ?? DEFAULT_ACTIVE_GATE_PORT,
        environmentId: provider.environmentId,
      });
      return {
        protocol: 'http',
        ...perSignal(base),
        headers: { Authorization: `Api-Token ${reveal(provider.apiKey)}` },
      };
    }
    case 'VendorC': {
      const domain = VENDOR_C_DOMAINS[provider.site];
      const apiKey = reveal(provider.apiKey);
      if (overrides.INSIGHTS_VENDOR_C_URL) {
        const base = fill(overrides.INSIGHTS_VENDOR_C_URL, { site: provider.site });
        return {
          protocol: 'http',
          ...perSignal(base),
          headers: { 'dd-api-key': apiKey, 'dd-protocol': 'otlp' },
        };
      }
      return {
        protocol: 'http',
        metricsUrl: `https://api.${domain}/api/intake/otlp/v1/metrics`,
        logsUrl: `https://http-intake.logs.${domain}/v1/logs`,
        headers: { 'dd-api-key': apiKey, 'dd-protocol': 'otlp' },
      };
    }
    case 'Otlp':
    case 'OtlpHttp': {
      const headers = Object.fromEntries(provider.headers.map(({ name, value }) => [name, reveal(value)]));
      if (provider.type === 'Otlp') {
        return { protocol: 'grpc', metricsUrl: provider.endpoint, logsUrl: provider.endpoint, headers };
      }
      return { protocol: 'http', ...perSignal(provider.endpoint), headers };
    }
    default: {
      const unknown: never = provider;
      throw new Error(`Unknown provider ${JSON.stringify((unknown as { type: string }).type)}`);
    }
  }
}
