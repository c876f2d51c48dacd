import { CART_ACTIONS, type Address, type Cart, type CustomFields, type Type } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, checkCustomField, resolveCustomFields, type ActionHandler } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import type { CartDeps } from './cart-deps.js';
import { cartRequestOf } from './cart-request.js';
import { addressKeyInUse } from './shipping-details.js';

type Handlers<N extends keyof typeof CART_ACTIONS> = Record<N, ActionHandler<Cart>>;
const A = CART_ACTIONS;

/** An address as a cart keeps it: the draft's fields without nulls, custom fields resolved. */
export async function cartAddress(
  deps: CartDeps,
  ctx: Parameters<typeof resolveCustomFields>[1],
  draft: Address & {
    custom?: { type: { typeId?: string; id?: string; key?: string }; fields?: Record<string, unknown> };
  },
): Promise<Address> {
  const { custom, ...fields } = draft;
  const resolved = await resolveCustomFields(deps.resolver, ctx, 'address', custom);
  const plain = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined),
  );
  return { ...(plain as unknown as Address), ...(resolved ? { custom: resolved } : {}) };
}

/** Who the cart is for, where, and how it is kept (checkout facts 3.1, "Context"). */
export function contextActions(): Handlers<
  | 'setCustomerEmail'
  | 'setCountry'
  | 'setLocale'
  | 'setKey'
  | 'setPurchaseOrderNumber'
  | 'setDeleteDaysAfterLastModification'
  | 'setAnonymousId'
> {
  return {
    setCustomerEmail: action(A.setCustomerEmail, (cart: Cart, { email }) => ({
      resource: withOptional(cart, 'customerEmail', email),
    })),
    setCountry: action(A.setCountry, (cart: Cart, { country }) => ({
      resource: withOptional(cart, 'country', country),
    })),
    setLocale: action(A.setLocale, (cart: Cart, { locale }) => ({
      resource: withOptional(cart, 'locale', locale),
    })),
    setKey: action(A.setKey, (cart: Cart, { key }) => ({ resource: withOptional(cart, 'key', key) })),
    setPurchaseOrderNumber: action(A.setPurchaseOrderNumber, (cart: Cart, { purchaseOrderNumber }) => ({
      resource: withOptional(cart, 'purchaseOrderNumber', purchaseOrderNumber),
      messages: [
        {
          type: 'CartPurchaseOrderNumberSet',
          ...(purchaseOrderNumber !== undefined ? { purchaseOrderNumber } : {}),
          ...(cart.purchaseOrderNumber !== undefined
            ? { oldPurchaseOrderNumber: cart.purchaseOrderNumber }
            : {}),
        },
      ],
    })),
    // Without a value, the project's default (checkout facts 4.11).
    setDeleteDaysAfterLastModification: action(
      A.setDeleteDaysAfterLastModification,
      (cart: Cart, { deleteDaysAfterLastModification }, { ctx }) => ({
        resource: {
          ...cart,
          deleteDaysAfterLastModification:
            deleteDaysAfterLastModification ?? cartRequestOf(ctx).settings.deleteDaysAfterLastModification,
        },
      }),
    ),
    setAnonymousId: action(A.setAnonymousId, (cart: Cart, { anonymousId }) => {
      if (cart.customerId !== undefined && anonymousId !== undefined)
        throw Errors.invalidOperation('A cart with a customer can not get an anonymous id.');
      return { resource: withOptional(cart, 'anonymousId', anonymousId) };
    }),
  };
}

/** Billing, shipping and item shipping addresses, with their custom fields (checkout facts 3.1, "Addresses"). */
export function addressActions(
  deps: CartDeps,
): Handlers<
  | 'setBillingAddress'
  | 'setShippingAddress'
  | 'setShippingAddressCustomType'
  | 'setShippingAddressCustomField'
  | 'addItemShippingAddress'
  | 'updateItemShippingAddress'
  | 'removeItemShippingAddress'
  | 'setItemShippingAddressCustomType'
  | 'setItemShippingAddressCustomField'
  | 'setBillingAddressCustomType'
  | 'setBillingAddressCustomField'
> {
  const itemAddress = (cart: Cart, key: string) => {
    const index = cart.itemShippingAddresses.findIndex((address) => address.key === key);
    if (index < 0) throw Errors.invalidInput(`Address with key '${key}' not found in itemShippingAddresses.`);
    return index;
  };
  const replaceItemAddress = (cart: Cart, index: number, address: Address): Cart => ({
    ...cart,
    itemShippingAddresses: cart.itemShippingAddresses.map((existing, i) =>
      i === index ? address : existing,
    ),
  });
  return {
    setBillingAddress: action(A.setBillingAddress, async (cart: Cart, { address }, { ctx }) => ({
      resource: withOptional(
        cart,
        'billingAddress',
        address && (await cartAddress(deps, ctx, address as Address)),
      ),
    })),
    // A new shipping address drops the estimated delivery (checkout facts 4.12); taxes follow at recalculation.
    setShippingAddress: action(A.setShippingAddress, async (cart: Cart, { address }, { ctx }) => {
      const next = withOptional(
        cart,
        'shippingAddress',
        address && (await cartAddress(deps, ctx, address as Address)),
      );
      const shippingInfo =
        next.shippingInfo && withOptional(next.shippingInfo, 'estimatedDelivery', undefined);
      return { resource: withOptional(next, 'shippingInfo', shippingInfo) };
    }),
    setShippingAddressCustomType: action(
      A.setShippingAddressCustomType,
      async (cart: Cart, { type, fields }, { ctx }) => {
        const address = requireAddress(cart.shippingAddress, 'shipping');
        const custom = await customOrNone(deps, ctx, 'address', type, fields);
        return { resource: { ...cart, shippingAddress: withOptional(address, 'custom', custom) } };
      },
    ),
    setShippingAddressCustomField: action(
      A.setShippingAddressCustomField,
      async (cart: Cart, { name, value }, { ctx }) => {
        const address = requireAddress(cart.shippingAddress, 'shipping');
        return {
          resource: {
            ...cart,
            shippingAddress: {
              ...address,
              custom: await withCustomField(deps, ctx, address.custom, name, value),
            },
          },
        };
      },
    ),
    addItemShippingAddress: action(A.addItemShippingAddress, async (cart: Cart, { address }, { ctx }) => {
      if (!address.key) throw Errors.invalidInput('An item shipping address needs a key.');
      if (cart.itemShippingAddresses.some((existing) => existing.key === address.key))
        throw Errors.duplicateField('itemShippingAddresses.key', address.key);
      const added = await cartAddress(deps, ctx, address as Address);
      return { resource: { ...cart, itemShippingAddresses: [...cart.itemShippingAddresses, added] } };
    }),
    updateItemShippingAddress: action(
      A.updateItemShippingAddress,
      async (cart: Cart, { address }, { ctx }) => {
        if (!address.key) throw Errors.invalidInput('An item shipping address needs a key.');
        const index = itemAddress(cart, address.key);
        return {
          resource: replaceItemAddress(cart, index, await cartAddress(deps, ctx, address as Address)),
        };
      },
    ),
    removeItemShippingAddress: action(A.removeItemShippingAddress, (cart: Cart, { addressKey }) => {
      itemAddress(cart, addressKey);
      if (addressKeyInUse([...cart.lineItems, ...cart.customLineItems], addressKey))
        throw Errors.invalidOperation(`The address '${addressKey}' is used by an item's shipping details.`);
      return {
        resource: {
          ...cart,
          itemShippingAddresses: cart.itemShippingAddresses.filter((a) => a.key !== addressKey),
        },
      };
    }),
    setItemShippingAddressCustomType: action(
      A.setItemShippingAddressCustomType,
      async (cart: Cart, { addressKey, type, fields }, { ctx }) => {
        const index = itemAddress(cart, addressKey);
        const custom = await customOrNone(deps, ctx, 'address', type, fields);
        return {
          resource: replaceItemAddress(
            cart,
            index,
            withOptional(cart.itemShippingAddresses[index], 'custom', custom),
          ),
        };
      },
    ),
    setItemShippingAddressCustomField: action(
      A.setItemShippingAddressCustomField,
      async (cart: Cart, { addressKey, name, value }, { ctx }) => {
        const index = itemAddress(cart, addressKey);
        const address = cart.itemShippingAddresses[index];
        const custom = await withCustomField(deps, ctx, address.custom, name, value);
        return { resource: replaceItemAddress(cart, index, { ...address, custom }) };
      },
    ),
    setBillingAddressCustomType: action(
      A.setBillingAddressCustomType,
      async (cart: Cart, { type, fields }, { ctx }) => {
        const address = requireAddress(cart.billingAddress, 'billing');
        const custom = await customOrNone(deps, ctx, 'address', type, fields);
        return { resource: { ...cart, billingAddress: withOptional(address, 'custom', custom) } };
      },
    ),
    setBillingAddressCustomField: action(
      A.setBillingAddressCustomField,
      async (cart: Cart, { name, value }, { ctx }) => {
        const address = requireAddress(cart.billingAddress, 'billing');
        return {
          resource: {
            ...cart,
            billingAddress: {
              ...address,
              custom: await withCustomField(deps, ctx, address.custom, name, value),
            },
          },
        };
      },
    ),
  };
}

export function requireAddress(address: Address | undefined, which: string): Address {
  if (!address) throw Errors.invalidOperation(`The cart has no ${which} address.`);
  return address;
}

/** Custom fields from a type identifier and fields, or none when no type is given. */
export async function customOrNone(
  deps: CartDeps,
  ctx: Parameters<typeof resolveCustomFields>[1],
  resourceTypeId: string,
  type: { typeId?: string; id?: string; key?: string } | undefined,
  fields: Record<string, unknown> | undefined,
): Promise<CustomFields | undefined> {
  if (!type) return undefined;
  return resolveCustomFields(deps.resolver, ctx, resourceTypeId, { type, fields: fields ?? {} });
}

/** One custom field set (checked against the Type) or removed (absent or null value). */
export async function withCustomField(
  deps: CartDeps,
  ctx: Parameters<typeof resolveCustomFields>[1],
  custom: CustomFields | undefined,
  name: string,
  value: unknown,
): Promise<CustomFields> {
  if (!custom) throw Errors.invalidOperation('There is no custom type; set one first.');
  const fields = { ...custom.fields };
  if (value === undefined || value === null) {
    if (!Object.hasOwn(fields, name))
      throw Errors.invalidOperation(`The custom field '${name}' does not exist.`);
    delete fields[name];
    return { ...custom, fields };
  }
  const [type] = await deps.resolver.require<Type & Record<string, unknown>>(ctx, 'type', [custom.type]);
  checkCustomField(type, name, value);
  return { ...custom, fields: { ...fields, [name]: value } };
}
