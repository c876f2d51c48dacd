import type { Actor } from '../context.js';
import { objectTypes } from '../shapes/shape.js';
import {
  InsightsConfigurationShape,
  type InsightsAttribute,
  type InsightsConfiguration,
  type InsightsProvider,
} from './insights-configuration.shape.js';
import {
  INSIGHTS_PROVIDER_TYPES,
  type InsightsEventType,
  type VendorARegion,
  type VendorCSite,
} from './insights.types.js';

/** Each of `A` is a `B` and each of `B` an `A`. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const assertSame = <T extends true>(): T => true as T;

/** The types written by hand before the shape (issue 28): the derived ones must say the same. */
type ProviderCommon = { active: boolean; valid: boolean; eventTypes: InsightsEventType[] };
type HandWrittenProvider = ProviderCommon &
  (
    | { type: 'VendorA'; region: VendorARegion }
    | { type: 'VendorBSaaS'; environmentId: string }
    | { type: 'VendorBActiveGate'; activeGateDomain: string; activeGatePort?: number; environmentId: string }
    | { type: 'VendorC'; site: VendorCSite }
    | { type: 'Otlp' | 'OtlpHttp'; endpoint: string; headers: Array<{ name: string }> }
  );
type HandWrittenAttribute = { eventType: InsightsEventType; type: 'String'; name: string; value: string };
type HandWrittenConfiguration = {
  active: boolean;
  projectKey: string;
  providers: HandWrittenProvider[];
  additionalAttributes: HandWrittenAttribute[];
  lastModifiedAt: string;
  lastModifiedBy: Actor;
};

describe('InsightsConfigurationShape', () => {
  it('infers the configuration as it was written by hand: no id, no version, providers by their type', () => {
    expect(assertSame<Same<InsightsProvider, HandWrittenProvider>>()).toBe(true);
    expect(assertSame<Same<InsightsAttribute, HandWrittenAttribute>>()).toBe(true);
    expect(assertSame<Same<InsightsConfiguration['lastModifiedBy'], Actor>>()).toBe(true);
    expect(assertSame<Same<InsightsConfiguration, HandWrittenConfiguration>>()).toBe(true);
    const leaked: InsightsProvider = {
      type: 'VendorA',
      active: true,
      valid: true,
      eventTypes: [],
      region: 'eu',
      // @ts-expect-error a provider's API key is write-only: never part of the answer
      apiKey: 'k',
    };
    void leaked;
  });

  it('declares one variant per provider type, and no secret anywhere', () => {
    expect(InsightsConfigurationShape.base).toBe(false);
    expect(Object.keys(InsightsConfigurationShape.fields.providers.of.variants)).toEqual([
      ...INSIGHTS_PROVIDER_TYPES,
    ]);
    const fields = new Map<string, string[]>();
    objectTypes(InsightsConfigurationShape, (type) => fields.set(type.name, Object.keys(type.fields)));
    expect([...fields.values()].flat()).not.toContain('apiKey');
    expect(fields.get('OtlpProviderHeader')).toEqual(['name']);
    expect(fields.get('VendorBActiveGateProvider')).toEqual([
      'type',
      'active',
      'valid',
      'eventTypes',
      'activeGateDomain',
      'activeGatePort',
      'environmentId',
    ]);
  });
});
