import {
  ShippingMethodZoneAction,
  ShippingRateAction,
  type ShippingMethod,
  type ZoneRate,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, sameJson, type ActionTable } from '@commerce/resources';
import { zonesOf } from './shipping-method-references.js';
import { checkOneRatePerCurrency, shippingRateOf } from './shipping-rate-drafts.js';

/** The index of the zone's rate, or `InvalidOperation` when the method has none for it. */
function zoneRateIndex(method: ShippingMethod, zoneId: string): number {
  const index = method.zoneRates.findIndex((rate) => rate.zone.id === zoneId);
  if (index < 0) {
    throw Errors.invalidOperation(
      `The shipping method has no zone rate for the zone '${zoneId}'; add the zone first.`,
    );
  }
  return index;
}

const withZoneRate = (method: ShippingMethod, index: number, zoneRate: ZoneRate): ShippingMethod => ({
  ...method,
  zoneRates: method.zoneRates.map((rate, i) => (i === index ? zoneRate : rate)),
});

/** addZone, removeZone, addShippingRate, removeShippingRate. */
export const zoneRateActions = {
  addZone: action(ShippingMethodZoneAction, async (method: ShippingMethod, { zone }, { ctx, db }) => {
    const [found] = await zonesOf(db, ctx, [zone]);
    if (method.zoneRates.some((rate) => rate.zone.id === found.id)) {
      throw Errors.invalidOperation(
        `The shipping method has a zone rate for the zone '${found.id}' already.`,
      );
    }
    const zoneRate: ZoneRate = { zone: { typeId: 'zone', id: found.id }, shippingRates: [] };
    return { resource: { ...method, zoneRates: [...method.zoneRates, zoneRate] } };
  }),
  removeZone: action(ShippingMethodZoneAction, async (method: ShippingMethod, { zone }, { ctx, db }) => {
    const [found] = await zonesOf(db, ctx, [zone]);
    const index = zoneRateIndex(method, found.id);
    return { resource: { ...method, zoneRates: method.zoneRates.filter((_, i) => i !== index) } };
  }),
  addShippingRate: action(
    ShippingRateAction,
    async (method: ShippingMethod, { zone, shippingRate }, { ctx, db }) => {
      const [found] = await zonesOf(db, ctx, [zone]);
      const index = zoneRateIndex(method, found.id);
      const zoneRate = method.zoneRates[index];
      const shippingRates = checkOneRatePerCurrency(
        [...zoneRate.shippingRates, shippingRateOf(shippingRate)],
        found.id,
      );
      return { resource: withZoneRate(method, index, { ...zoneRate, shippingRates }) };
    },
  ),
  removeShippingRate: action(
    ShippingRateAction,
    async (method: ShippingMethod, { zone, shippingRate }, { ctx, db }) => {
      const [found] = await zonesOf(db, ctx, [zone]);
      const index = zoneRateIndex(method, found.id);
      const zoneRate = method.zoneRates[index];
      const removed = shippingRateOf(shippingRate);
      const kept = zoneRate.shippingRates.filter((rate) => !sameJson(rate, removed));
      if (kept.length === zoneRate.shippingRates.length) {
        throw Errors.invalidOperation(`The zone rate of the zone '${found.id}' has no such shipping rate.`);
      }
      return { resource: withZoneRate(method, index, { ...zoneRate, shippingRates: kept }) };
    },
  ),
} satisfies ActionTable<ShippingMethod>;
