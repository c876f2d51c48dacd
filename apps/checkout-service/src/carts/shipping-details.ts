import type { Address, ItemShippingDetails, ItemShippingTarget } from '@commerce/contracts';
import { Errors } from '@commerce/errors';

/** Shipping details of an item of `quantity`: valid when its targets' quantities add up to it. */
export function shippingDetailsOf(targets: ItemShippingTarget[], quantity: number): ItemShippingDetails {
  const sum = targets.reduce((total, target) => total + target.quantity, 0);
  return { targets: targets.map((target) => ({ ...target })), valid: sum === quantity };
}

/** Every target names an address of the cart's `itemShippingAddresses`, each at most once (400 otherwise). */
export function checkTargets(targets: ItemShippingTarget[], addresses: Address[]): void {
  const keys = new Set(addresses.map((address) => address.key));
  const seen = new Set<string>();
  for (const target of targets) {
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
