import type { ShippingMethod, Zone } from '@commerce/contracts';
import { findZone, markMatching } from '@commerce/pricing';

export interface MatchingLocation {
  country: string;
  state?: string;
  currency?: string;
}

/**
 * The shipping methods that ship to a location (checkout facts 4.12): the zone of the location (a location
 * is in at most one zone; `findZone`), then every active method with a rate for that zone, showing only that
 * zone rate, its shipping rates marked `isMatching` (with a currency the rate in it, without one every rate);
 * a method with no matching rate cannot ship there and is left out. The default method comes first, then the
 * others in the order given (oldest first).
 */
export function matchingLocation(
  methods: readonly ShippingMethod[],
  zones: readonly Zone[],
  location: MatchingLocation,
): ShippingMethod[] {
  const zone = findZone(zones, location);
  if (!zone) return [];
  const matching = methods.flatMap((method) => {
    const zoneRate = method.active ? method.zoneRates.find((rate) => rate.zone.id === zone.id) : undefined;
    if (!zoneRate) return [];
    const shippingRates = markMatching(zoneRate.shippingRates, location.currency);
    if (!shippingRates.some((rate) => rate.isMatching)) return [];
    return [{ ...method, zoneRates: [{ ...zoneRate, shippingRates }] }];
  });
  return [
    ...matching.filter((method) => method.isDefault),
    ...matching.filter((method) => !method.isDefault),
  ];
}
