import {
  ShippingMethodDraftDto,
  type ShippingMethod,
  type ShippingMethodResource,
  type ZoneRate,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  customFieldActions,
  resolveCustomFields,
  type DeclaredActionTable,
  type ResourceDefinition,
} from '@commerce/resources';
import { basicActions } from './shipping-method-basic-actions.js';
import type { ShippingMethodDeps } from './shipping-method-deps.js';
import {
  checkedPredicate,
  storeReferences,
  taxCategoryReference,
  zonesOf,
} from './shipping-method-references.js';
import { checkOneRatePerCurrency, shippingRateOf } from './shipping-rate-drafts.js';
import { shippingMethodsTable } from './shipping-methods.table.js';
import { zoneRateActions } from './zone-rate-actions.js';

export const SHIPPING_METHOD_ENGINE = Symbol('SHIPPING_METHOD_ENGINE');

/** One handler for each action the descriptor declares (`SHIPPING_METHOD_ACTIONS`): a missing one fails to compile. */
function shippingMethodActions(
  deps: ShippingMethodDeps,
): DeclaredActionTable<ShippingMethod, typeof ShippingMethodResource.actions> {
  return { ...basicActions(deps), ...zoneRateActions };
}

/**
 * Shipping methods: a unique name, a tax category (catalog-service), rates per zone and currency, Stores
 * (stores-service), at most one default per project (the unique indexes of `checkout.shipping_methods`).
 */
export function defineShippingMethod(
  deps: ShippingMethodDeps,
): ResourceDefinition<ShippingMethod, ShippingMethodDraftDto> {
  const { resolver } = deps;
  return {
    typeId: 'shipping-method',
    table: shippingMethodsTable,
    draft: ShippingMethodDraftDto,
    actions: {
      ...shippingMethodActions(deps),
      ...customFieldActions<ShippingMethod>('shipping-method', resolver),
    },
    async build(draft, { ctx, db }) {
      const zones = await zonesOf(
        db,
        ctx,
        draft.zoneRates.map((rate) => rate.zone),
      );
      const zoneRates: ZoneRate[] = draft.zoneRates.map((rate, index) => {
        const zone = zones[index];
        if (zones.findIndex((z) => z.id === zone.id) !== index) {
          throw Errors.invalidOperation(`The zone '${zone.id}' has two zone rates; a zone has one.`);
        }
        const shippingRates = checkOneRatePerCurrency(rate.shippingRates.map(shippingRateOf), zone.id);
        return { zone: { typeId: 'zone', id: zone.id }, shippingRates };
      });
      const taxCategory = await taxCategoryReference(resolver, ctx, draft.taxCategory);
      const stores = await storeReferences(resolver, ctx, draft.stores ?? []);
      const custom = await resolveCustomFields(resolver, ctx, 'shipping-method', draft.custom);
      return {
        ...(draft.key ? { key: draft.key } : {}),
        name: draft.name,
        ...(draft.localizedName ? { localizedName: draft.localizedName } : {}),
        ...(draft.description != null ? { description: draft.description } : {}),
        ...(draft.localizedDescription ? { localizedDescription: draft.localizedDescription } : {}),
        taxCategory,
        zoneRates,
        active: draft.active ?? true,
        isDefault: draft.isDefault,
        ...(draft.predicate != null ? { predicate: checkedPredicate(draft.predicate) } : {}),
        ...(custom ? { custom } : {}),
        stores,
        ...(draft.carrier != null ? { carrier: draft.carrier } : {}),
      };
    },
  };
}
