import type { CheckoutProduct, Store } from '@commerce/contracts';
import { CartErrors, Errors } from '@commerce/errors';

/** A cart's country must be one of its Store's countries, when the Store lists any (checkout facts 4.10). */
export function checkStoreCountry(
  store: Pick<Store, 'countries'> | undefined,
  country: string | undefined,
): void {
  if (!store || country === undefined || store.countries.length === 0) return;
  const codes = store.countries.map((entry) => entry.code);
  if (!codes.includes(country)) throw CartErrors.countryNotConfiguredInStore(codes, country);
}

/** A line item's channel must be one of the Store's channels of that role, when the Store lists any. */
export function checkStoreChannel(
  store: Pick<Store, 'key' | 'distributionChannels' | 'supplyChannels'> | undefined,
  role: 'distributionChannel' | 'supplyChannel',
  channelId: string | undefined,
): void {
  if (!store || channelId === undefined) return;
  const channels = role === 'distributionChannel' ? store.distributionChannels : store.supplyChannels;
  if (channels.length > 0 && !channels.some((channel) => channel.id === channelId))
    throw Errors.invalidInput(`The ${role} '${channelId}' is not one of the store '${store.key}'.`);
}

/** The variant must be in the Store's active product selections (InvalidInput, checkout facts 3.2). */
export function checkStoreOffers(store: Pick<Store, 'key'> | undefined, product: CheckoutProduct): void {
  if (store && product.inStore === false)
    throw Errors.invalidInput(
      `The variant '${product.variant.id}' of product '${product.productId}' is not part of the store '${store.key}' product selections.`,
    );
}
