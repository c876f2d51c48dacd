import {
  CustomerSetAddressCustomFieldAction,
  CustomerSetAddressCustomTypeAction,
  type Address,
  type Customer,
  type CustomFields,
  type MessagePayload,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  SetCustomFieldAction,
  SetCustomTypeAction,
  action,
  customFieldActions,
  type ActionContext,
  type ActionTable,
  type ReferenceResolver,
} from '@commerce/resources';

type WithCustom = { custom?: CustomFields };

/** The Messages of a custom type change (`<prefix>CustomTypeSet` / `...Removed`). */
export function customTypeMessages(
  prefix: string,
  before?: CustomFields,
  after?: CustomFields,
): MessagePayload[] {
  const previousTypeId = before?.type.id;
  if (!after)
    return before
      ? [{ type: `${prefix}CustomTypeRemoved`, ...(previousTypeId ? { previousTypeId } : {}) }]
      : [];
  return [
    { type: `${prefix}CustomTypeSet`, customFields: after, ...(previousTypeId ? { previousTypeId } : {}) },
  ];
}

/** The Message of a custom field change (`<prefix>CustomFieldAdded` / `Changed` / `Removed`). */
export function customFieldMessages(
  prefix: string,
  name: string,
  before?: CustomFields,
  after?: CustomFields,
): MessagePayload[] {
  const previousValue = before && Object.hasOwn(before.fields, name) ? before.fields[name] : undefined;
  const value = after && Object.hasOwn(after.fields, name) ? after.fields[name] : undefined;
  if (value === undefined)
    return previousValue === undefined ? [] : [{ type: `${prefix}CustomFieldRemoved`, name }];
  if (previousValue === undefined) return [{ type: `${prefix}CustomFieldAdded`, name, value }];
  return [{ type: `${prefix}CustomFieldChanged`, name, value, previousValue }];
}

function addressOf(customer: Customer, addressId: string): Address {
  const address = customer.addresses.find((candidate) => candidate.id === addressId);
  if (!address) throw Errors.invalidInput(`The customer does not have an address with ID '${addressId}'.`);
  return address;
}

/** The custom type and fields of the customer and of its addresses (Types for `customer` and `address`). */
export function customActions(resolver: ReferenceResolver): ActionTable<Customer> {
  const onCustomer = customFieldActions<Customer>('customer', resolver);
  const onAddress = customFieldActions<Address & WithCustom>('address', resolver);

  /** Applies a shared custom-field action to one address and says what changed. */
  async function onOneAddress(
    customer: Customer,
    addressId: string,
    name: 'setCustomType' | 'setCustomField',
    dto: object,
    context: ActionContext,
  ): Promise<{ resource: Customer; before?: CustomFields; after?: CustomFields }> {
    const address = addressOf(customer, addressId);
    const { resource: changed } = await onAddress[name].apply(address, dto, context);
    return {
      resource: {
        ...customer,
        addresses: customer.addresses.map((candidate) => (candidate.id === addressId ? changed : candidate)),
      },
      before: address.custom,
      after: changed.custom,
    };
  }

  return {
    setCustomType: action(SetCustomTypeAction, async (customer: Customer, dto, context) => {
      const { resource } = await onCustomer.setCustomType.apply(customer, dto, context);
      return { resource, messages: customTypeMessages('Customer', customer.custom, resource.custom) };
    }),
    setCustomField: action(SetCustomFieldAction, async (customer: Customer, dto, context) => {
      const { resource } = await onCustomer.setCustomField.apply(customer, dto, context);
      return {
        resource,
        messages: customFieldMessages('Customer', dto.name, customer.custom, resource.custom),
      };
    }),
    setAddressCustomType: action(
      CustomerSetAddressCustomTypeAction,
      async (customer: Customer, { addressId, ...dto }, context) => {
        const { resource, before, after } = await onOneAddress(
          customer,
          addressId,
          'setCustomType',
          dto,
          context,
        );
        const messages = customTypeMessages('CustomerAddress', before, after).map((m) => ({
          ...m,
          addressId,
        }));
        return { resource, messages };
      },
    ),
    setAddressCustomField: action(
      CustomerSetAddressCustomFieldAction,
      async (customer: Customer, { addressId, ...dto }, context) => {
        const { resource, before, after } = await onOneAddress(
          customer,
          addressId,
          'setCustomField',
          dto,
          context,
        );
        const messages = customFieldMessages('CustomerAddress', dto.name, before, after).map((m) => ({
          ...m,
          addressId,
        }));
        return { resource, messages };
      },
    ),
  };
}
