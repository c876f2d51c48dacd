import type { Address, ItemShippingDetails, ItemShippingTarget, MethodTaxRate } from '@commerce/contracts';
import { Errors } from '@commerce/errors';

/** Shipping details of an item of `quantity`: valid when its targets' quantities add up to it. */
export function shippingDetailsOf(targets: ItemShippingTarget[], quantity: number): ItemShippingDetails {
  const sum = targets.reduce((total, target) => total + target.quantity, 0);
  return { targets: targets.map((target) => ({ ...target })), valid: sum === quantity };
}

/**
 * Every target names an address of the cart's `itemShippingAddresses`, each at most once, and a
 * `shippingMethodKey` names one of the cart's shippings; only the Multiple mode has them (400 otherwise).
 */
export function checkTargets(
  targets: ItemShippingTarget[],
  addresses: Address[],
  cart?: { shippingMode: string; shipping: Array<{ shippingKey: string }> },
): void {
  const keys = new Set(addresses.map((address) => address.key));
  const seen = new Set<string>();
  for (const target of targets) {
    if (cart && target.shippingMethodKey !== undefined) {
      if (cart.shippingMode !== 'Multiple')
        throw Errors.invalidInput('A target names a shippingMethodKey only in the Multiple shipping mode.');
      if (!cart.shipping.some((entry) => entry.shippingKey === target.shippingMethodKey))
        throw Errors.invalidInput(`The cart has no shipping with the key '${target.shippingMethodKey}'.`);
    }
    if (!keys.has(target.addressKey))
      throw Errors.invalidInput(
        `Address with key '${target.addressKey}' not found in itemShippingAddresses.`,
      );
    if (seen.has(target.addressKey))
      throw Errors.invalidInput(`Address key '${target.addressKey}' appears in more than one target.`);
    seen.add(target.addressKey);
  }
}

/** Applies a delta to targets: quantities add per address key, targets that reach 0 go, below 0 is refused. */
export function applyTargetsDelta(
  targets: ItemShippingTarget[],
  delta: ItemShippingTarget[],
): ItemShippingTarget[] {
  const byKey = new Map(targets.map((target) => [target.addressKey, { ...target }]));
  for (const change of delta) {
    const current = byKey.get(change.addressKey);
    const quantity = (current?.quantity ?? 0) + change.quantity;
    if (quantity < 0)
      throw Errors.invalidInput(`The quantity of the target '${change.addressKey}' can not go below 0.`);
    byKey.set(change.addressKey, { ...(current ?? change), quantity });
  }
  return [...byKey.values()].filter((target) => target.quantity > 0);
}

/** An address key is in use while some item's target names it: it can not be removed then. */
export function addressKeyInUse(
  items: Array<{ shippingDetails?: ItemShippingDetails }>,
  addressKey: string,
): boolean {
  return items.some((item) =>
    item.shippingDetails?.targets.some((target) => target.addressKey === addressKey),
  );
}

/**
 * An item's External tax rate for one shipping of the Multiple mode (`setLineItemTaxRate` /
 * `setCustomLineItemTaxRate` with a `shippingKey`), kept in its `perMethodTaxRate`; none removes it.
 */
export function withMethodTaxRate<T extends { perMethodTaxRate: MethodTaxRate[] }>(
  cart: { shipping: Array<{ shippingKey: string }> },
  item: T,
  shippingKey: string,
  rate: MethodTaxRate['taxRate'] | undefined,
): T {
  if (!cart.shipping.some((entry) => entry.shippingKey === shippingKey))
    throw Errors.invalidInput(`The cart has no shipping with the key '${shippingKey}'.`);
  const others = item.perMethodTaxRate.filter((entry) => entry.shippingMethodKey !== shippingKey);
  return {
    ...item,
    perMethodTaxRate: rate ? [...others, { shippingMethodKey: shippingKey, taxRate: rate }] : others,
  };
}
