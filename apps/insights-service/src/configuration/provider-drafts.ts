import type { AnyProviderDraftDto, AttributeDraftDto, InsightsAttribute } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { OutboundError, checkOutboundUrl, type OutboundPolicy } from '@commerce/outbound';
import { providerTarget, type VendorOverrides } from '../export/provider-targets.js';
import { isOtlpProvider, type StoredProvider } from './stored-configuration.js';

/** What turning drafts into stored providers needs: sealing secrets and judging endpoints. */
export interface DraftContext {
  seal(plain: string): string;
  outbound: OutboundPolicy;
  vendorOverrides: Partial<VendorOverrides>;
}

/**
 * A stored provider from its draft. An omitted `apiKey` keeps the key of the existing provider of the same
 * type; a vendor provider needs one. Endpoints must be ones an outbound call may reach (checked again on
 * the resolved address at every export).
 */
export function storedProvider(
  draft: AnyProviderDraftDto,
  existing: StoredProvider | undefined,
  context: DraftContext,
): StoredProvider {
  const common = { active: draft.active ?? true, eventTypes: [...draft.eventTypes] };
  let provider: StoredProvider;
  if (draft.type === 'Otlp' || draft.type === 'OtlpHttp') {
    const otlp = draft;
    provider = {
      type: draft.type,
      ...common,
      endpoint: otlp.endpoint,
      headers: (otlp.headers ?? []).map(({ name, value }) => ({ name, value: context.seal(value) })),
    };
  } else {
    const given = (draft as { apiKey?: string }).apiKey;
    const keptKey = existing && !isOtlpProvider(existing) ? existing.apiKey : undefined;
    const apiKey = given !== undefined ? context.seal(given) : keptKey;
    if (apiKey === undefined) throw Errors.requiredField(`provider ${draft.type}: apiKey`);
    switch (draft.type) {
      case 'VendorA':
        provider = { type: draft.type, ...common, region: draft.region, apiKey };
        break;
      case 'VendorBSaaS':
        provider = { type: draft.type, ...common, environmentId: draft.environmentId, apiKey };
        break;
      case 'VendorBActiveGate':
        provider = {
          type: draft.type,
          ...common,
          activeGateDomain: draft.activeGateDomain,
          ...(draft.activeGatePort !== undefined ? { activeGatePort: draft.activeGatePort } : {}),
          environmentId: draft.environmentId,
          apiKey,
        };
        break;
      case 'VendorC':
        provider = { type: draft.type, ...common, site: draft.site, apiKey };
        break;
    }
  }
  checkEndpoints(provider, context);
  return provider;
}

function checkEndpoints(provider: StoredProvider, context: DraftContext): void {
  const target = providerTarget(provider, () => 'unused', context.vendorOverrides);
  for (const url of new Set([target.metricsUrl, target.logsUrl])) {
    try {
      checkOutboundUrl(url, context.outbound);
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      // The reason only: an endpoint could carry credentials, which are never echoed.
      throw Errors.invalidJsonInput(`provider ${provider.type}: the endpoint is refused: ${error.message}`);
    }
  }
}

export function storedAttribute({ eventType, type, name, value }: AttributeDraftDto): InsightsAttribute {
  return { eventType, type, name, value };
}
