import {
  ItemShippingAddressAction,
  RemoveItemShippingAddressAction,
  SetCustomFieldAction,
  SetCustomTypeAction,
  SetItemShippingAddressCustomFieldAction,
  SetItemShippingAddressCustomTypeAction,
  SetOrderAddressAction,
  SetOrderCustomerEmailAction,
  SetOrderCustomerIdAction,
  type Address,
  type Order,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionContext, type ActionTable, type ReferenceResolver } from '@commerce/resources';
import { addressOf } from '../shared/addresses.js';
import { customPart, type CustomActionName } from '../shared/custom-parts.js';
import { withOptional } from '../shared/fields.js';

function itemAddressOf(order: Order, key: string): Address {
  const address = order.itemShippingAddresses.find((a) => a.key === key);
  if (!address) throw Errors.invalidInput(`The order has no item shipping address with the key '${key}'.`);
  return address;
}

function withItemAddress(order: Order, address: Address): Order {
  return {
    ...order,
    itemShippingAddresses: order.itemShippingAddresses.map((a) => (a.key === address.key ? address : a)),
  };
}

/** Whether any item's shipping details still ship to the address. */
function isReferenced(order: Order, key: string): boolean {
  return [...order.lineItems, ...order.customLineItems].some((item) =>
    item.shippingDetails?.targets.some((t) => t.addressKey === key),
  );
}

/** Billing and shipping addresses, item shipping addresses, and the customer. */
export function orderAddressActions(resolver: ReferenceResolver) {
  const onAddress = customPart(resolver, 'address');

  const mainAddressCustom =
    (field: 'billingAddress' | 'shippingAddress', name: CustomActionName) =>
    async (order: Order, dto: object, context: ActionContext) => {
      const address = order[field];
      if (!address) throw Errors.invalidOperation(`The order has no ${field}; set one first.`);
      const { part } = await onAddress(address, name, dto, context);
      return { resource: { ...order, [field]: part } };
    };

  const itemAddressCustom =
    (name: CustomActionName) => async (order: Order, dto: { addressKey: string }, context: ActionContext) => {
      const { part } = await onAddress(itemAddressOf(order, dto.addressKey), name, dto, context);
      return { resource: withItemAddress(order, part) };
    };

  const setMainAddress = (field: 'billingAddress' | 'shippingAddress', type: string) =>
    action(SetOrderAddressAction, async (order: Order, { address: draft }, { ctx }) => {
      const address = draft && (await addressOf(resolver, ctx, draft));
      const old = order[field];
      return {
        resource: withOptional(order, field, address),
        messages: [{ type, ...(address ? { address } : {}), ...(old ? { oldAddress: old } : {}) }],
      };
    });

  return {
    setBillingAddress: setMainAddress('billingAddress', 'OrderBillingAddressSet'),
    setShippingAddress: setMainAddress('shippingAddress', 'OrderShippingAddressSet'),
    setBillingAddressCustomType: action(
      SetCustomTypeAction,
      mainAddressCustom('billingAddress', 'setCustomType'),
    ),
    setBillingAddressCustomField: action(
      SetCustomFieldAction,
      mainAddressCustom('billingAddress', 'setCustomField'),
    ),
    setShippingAddressCustomType: action(
      SetCustomTypeAction,
      mainAddressCustom('shippingAddress', 'setCustomType'),
    ),
    setShippingAddressCustomField: action(
      SetCustomFieldAction,
      mainAddressCustom('shippingAddress', 'setCustomField'),
    ),

    addItemShippingAddress: action(ItemShippingAddressAction, async (order: Order, dto, { ctx }) => {
      const address = await addressOf(resolver, ctx, dto.address);
      if (!address.key) throw Errors.requiredField('address.key');
      if (order.itemShippingAddresses.some((a) => a.key === address.key)) {
        throw Errors.duplicateField('address.key', address.key);
      }
      return { resource: { ...order, itemShippingAddresses: [...order.itemShippingAddresses, address] } };
    }),

    updateItemShippingAddress: action(ItemShippingAddressAction, async (order: Order, dto, { ctx }) => {
      const address = await addressOf(resolver, ctx, dto.address);
      if (!address.key) throw Errors.requiredField('address.key');
      itemAddressOf(order, address.key);
      return { resource: withItemAddress(order, address) };
    }),

    removeItemShippingAddress: action(RemoveItemShippingAddressAction, (order: Order, { addressKey }) => {
      itemAddressOf(order, addressKey);
      if (isReferenced(order, addressKey)) {
        throw Errors.invalidOperation(
          `The item shipping address '${addressKey}' is used by an item's shipping details.`,
        );
      }
      return {
        resource: {
          ...order,
          itemShippingAddresses: order.itemShippingAddresses.filter((a) => a.key !== addressKey),
        },
      };
    }),

    setItemShippingAddressCustomType: action(
      SetItemShippingAddressCustomTypeAction,
      itemAddressCustom('setCustomType'),
    ),
    setItemShippingAddressCustomField: action(
      SetItemShippingAddressCustomFieldAction,
      itemAddressCustom('setCustomField'),
    ),

    setCustomerEmail: action(SetOrderCustomerEmailAction, (order: Order, { email }) => ({
      resource: withOptional(order, 'customerEmail', email),
      messages: [
        {
          type: 'OrderCustomerEmailSet',
          ...(email ? { email } : {}),
          ...(order.customerEmail ? { oldEmail: order.customerEmail } : {}),
        },
      ],
    })),

    setCustomerId: action(SetOrderCustomerIdAction, async (order: Order, { customerId }, { ctx }) => {
      if (customerId) await resolver.require(ctx, 'customer', [{ id: customerId }]);
      return {
        resource: withOptional(order, 'customerId', customerId),
        messages: [
          {
            type: 'OrderCustomerSet',
            ...(customerId ? { customer: { typeId: 'customer', id: customerId } } : {}),
            ...(order.customerId ? { oldCustomer: { typeId: 'customer', id: order.customerId } } : {}),
          },
        ],
      };
    }),
  } satisfies ActionTable<Order>;
}
