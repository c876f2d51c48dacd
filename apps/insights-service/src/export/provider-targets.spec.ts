import type { StoredProvider } from '../configuration/stored-configuration.js';
import { providerTarget } from './provider-targets.js';

const reveal = (sealed: string) => `clear(${sealed})`;
const common = { active: true, eventTypes: ['Metrics' as const] };

describe(providerTarget.name, () => {
  const cases: Array<[StoredProvider, string, string, Record<string, string>]> = [
    [
      { ...common, type: 'VendorA', region: 'us', apiKey: 'k' },
      'https://otlp.nr-data.net/v1/metrics',
      'https://otlp.nr-data.net/v1/logs',
      { 'api-key': 'clear(k)' },
    ],
    [
      { ...common, type: 'VendorA', region: 'eu', apiKey: 'k' },
      'https://otlp.eu01.nr-data.net/v1/metrics',
      'https://otlp.eu01.nr-data.net/v1/logs',
      { 'api-key': 'clear(k)' },
    ],
    [
      { ...common, type: 'VendorBSaaS', environmentId: 'abc123', apiKey: 'k' },
      'https://abc123.live.dynatrace.com/api/v2/otlp/v1/metrics',
      'https://abc123.live.dynatrace.com/api/v2/otlp/v1/logs',
      { Authorization: 'Api-Token clear(k)' },
    ],
    [
      {
        ...common,
        type: 'VendorBActiveGate',
        activeGateDomain: 'ag.corp.example',
        environmentId: 'env1',
        apiKey: 'k',
      },
      'https://ag.corp.example:9999/e/env1/api/v2/otlp/v1/metrics',
      'https://ag.corp.example:9999/e/env1/api/v2/otlp/v1/logs',
      { Authorization: 'Api-Token clear(k)' },
    ],
    [
      { ...common, type: 'VendorC', site: 'EU1', apiKey: 'k' },
      'https://api.datadoghq.eu/api/intake/otlp/v1/metrics',
      'https://http-intake.logs.datadoghq.eu/v1/logs',
      { 'dd-api-key': 'clear(k)', 'dd-protocol': 'otlp' },
    ],
    [
      { ...common, type: 'VendorC', site: 'US1-FED', apiKey: 'k' },
      'https://api.ddog-gov.com/api/intake/otlp/v1/metrics',
      'https://http-intake.logs.ddog-gov.com/v1/logs',
      { 'dd-api-key': 'clear(k)', 'dd-protocol': 'otlp' },
    ],
    [
      {
        ...common,
        type: 'OtlpHttp',
        endpoint: 'https://collector:4318/',
        headers: [{ name: 'x-a', value: 's' }],
      },
      'https://collector:4318/v1/metrics',
      'https://collector:4318/v1/logs',
      { 'x-a': 'clear(s)' },
    ],
    [
      { ...common, type: 'Otlp', endpoint: 'https://collector:4317', headers: [] },
      'https://collector:4317',
      'https://collector:4317',
      {},
    ],
  ];

  it.each(cases)('%j', (provider, metricsUrl, logsUrl, headers) => {
    expect(providerTarget(provider, reveal)).toEqual({
      protocol: provider.type === 'Otlp' ? 'grpc' : 'http',
      metricsUrl,
      logsUrl,
      headers,
    });
  });

  it('replaces the vendors’ hosts by configured templates, with the placeholders filled in and encoded', () => {
    const target = providerTarget(
      {
        ...common,
        type: 'VendorBActiveGate',
        activeGateDomain: 'a b',
        activeGatePort: 443,
        environmentId: 'e',
        apiKey: 'k',
      },
      reveal,
      {
        INSIGHTS_VENDOR_B_ACTIVEGATE_URL:
          'http://127.0.0.1:1/ag/{activeGateDomain}/{activeGatePort}/{environmentId}',
      },
    );
    expect(target.metricsUrl).toBe('http://127.0.0.1:1/ag/a%20b/443/e/v1/metrics');
  });
});
