import type { Address, Cart } from '@commerce/contracts';

function addressDraft(address: Address | undefined) {
  if (!address) return undefined;
  const { id: _id, custom, ...fields } = address;
  return {
    ...fields,
    ...(custom ? { custom: { type: { id: custom.type.id }, fields: custom.fields } } : {}),
  };
}

/**
 * The draft of a replica (checkout facts 4.9): the same customer, Store, context, addresses, line items (by
 * product and variant, with their channels and custom fields), custom line items and custom fields; prices
 * are selected again and item states start over; no payments, shipping method or reservations.
 */
export function replicaDraft(cart: Cart, key?: string): Record<string, unknown> {
  const custom = (fields: Cart['custom']) =>
    fields && { type: { id: fields.type.id }, fields: fields.fields };
  return {
    currency: cart.totalPrice.currencyCode,
    ...(key !== undefined ? { key } : {}),
    ...(cart.customerId !== undefined ? { customerId: cart.customerId } : {}),
    ...(cart.customerEmail !== undefined ? { customerEmail: cart.customerEmail } : {}),
    ...(cart.customerId === undefined && cart.customerGroup
      ? { customerGroup: { id: cart.customerGroup.id } }
      : {}),
    ...(cart.anonymousId !== undefined ? { anonymousId: cart.anonymousId } : {}),
    ...(cart.store ? { store: { key: cart.store.key } } : {}),
    ...(cart.country !== undefined ? { country: cart.country } : {}),
    ...(cart.locale !== undefined ? { locale: cart.locale } : {}),
    taxMode: cart.taxMode,
    priceRoundingMode: cart.priceRoundingMode,
    taxRoundingMode: cart.taxRoundingMode,
    taxCalculationMode: cart.taxCalculationMode,
    inventoryMode: cart.inventoryMode,
    ...(cart.billingAddress ? { billingAddress: addressDraft(cart.billingAddress) } : {}),
    ...(cart.shippingAddress ? { shippingAddress: addressDraft(cart.shippingAddress) } : {}),
    itemShippingAddresses: cart.itemShippingAddresses.map(addressDraft),
    lineItems: cart.lineItems
      .filter((item) => item.lineItemMode === 'Standard')
      .map((item) => ({
        productId: item.productId,
        variantId: item.variant.id,
        quantity: item.quantity,
        ...(item.supplyChannel ? { supplyChannel: { id: item.supplyChannel.id } } : {}),
        ...(item.distributionChannel ? { distributionChannel: { id: item.distributionChannel.id } } : {}),
        ...(item.custom ? { custom: custom(item.custom) } : {}),
        ...(item.shippingDetails ? { shippingDetails: { targets: item.shippingDetails.targets } } : {}),
      })),
    customLineItems: cart.customLineItems.map((item) => ({
      name: item.name,
      money: item.money,
      slug: item.slug,
      quantity: item.quantity,
      ...(item.key !== undefined ? { key: item.key } : {}),
      ...(item.taxCategory ? { taxCategory: { id: item.taxCategory.id } } : {}),
      ...(item.taxRate && item.taxRate.id === undefined ? { externalTaxRate: item.taxRate } : {}),
      ...(item.custom ? { custom: custom(item.custom) } : {}),
      priceMode: item.priceMode,
    })),
    ...(cart.custom ? { custom: custom(cart.custom) } : {}),
    origin: cart.origin,
    ...(cart.deleteDaysAfterLastModification !== undefined
      ? { deleteDaysAfterLastModification: cart.deleteDaysAfterLastModification }
      : {}),
  };
}
