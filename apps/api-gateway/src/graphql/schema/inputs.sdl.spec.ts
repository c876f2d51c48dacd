import { readFileSync } from 'node:fs';
import {
  buildSchema,
  findBreakingChanges,
  findDangerousChanges,
  isInputObjectType,
  lexicographicSortSchema,
  printType,
  type GraphQLSchema,
} from 'graphql';
import { actionInputName, inputsSdl } from './inputs.sdl.js';
import { MUTATIONS_SDL } from './mutations.sdl.js';
import { TYPES_SDL } from './types.sdl.js';
import {
  MY_SHOPPING_LIST_ACTIONS,
  NestedType,
  STOREFRONT_FIELDS,
  UPDATE_ACTIONS,
  storefrontActionName,
  type StorefrontField,
} from '@commerce/contracts';
import { IsOptional, IsString, ValidateNested } from 'class-validator';
import { CUSTOMER_WRITES, ENGINE_WRITES, MY_WRITES } from '../resources.js';
import { ARGUMENT_INPUTS } from './input-overrides.js';

/** The write side as it was hand-written before the input types were generated (input types and Mutation). */
const BEFORE = readFileSync(
  new URL('./__fixtures__/mutations-before-derivation.graphql', import.meta.url),
  'utf8',
);

/** The customer actions offered since the inputs are generated (the hand-written schema had 18 of 34). */
const ADDED_CUSTOMER_ACTIONS: Readonly<Record<string, string>> = {
  setAuthenticationMode: 'SetCustomerAuthenticationMode',
  changeAddress: 'ChangeCustomerAddress',
  addShippingAddressId: 'AddCustomerShippingAddressId',
  removeShippingAddressId: 'RemoveCustomerShippingAddressId',
  setDefaultShippingAddress: 'SetCustomerDefaultShippingAddress',
  addBillingAddressId: 'AddCustomerBillingAddressId',
  removeBillingAddressId: 'RemoveCustomerBillingAddressId',
  setDefaultBillingAddress: 'SetCustomerDefaultBillingAddress',
  setCustomType: 'SetCustomerCustomType',
  setCustomField: 'SetCustomerCustomField',
  setAddressCustomType: 'SetCustomerAddressCustomType',
  setAddressCustomField: 'SetCustomerAddressCustomField',
  setCustomerGroup: 'SetCustomerGroup',
  addCustomerGroupAssignment: 'AddCustomerGroupAssignment',
  removeCustomerGroupAssignment: 'RemoveCustomerGroupAssignment',
  setCustomerGroupAssignments: 'SetCustomerGroupAssignments',
};
/** The Store's Storefront (PSDK9), added to its draft and actions since. */
const ADDED_STORE_ACTIONS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(STOREFRONT_FIELDS).map((field) => {
    const action = storefrontActionName(field as StorefrontField);
    return [action, actionInputName('Store', action)];
  }),
);
/** The channel actions offered since (the live API's address custom fields). */
const ADDED_CHANNEL_ACTIONS: Readonly<Record<string, string>> = {
  setAddressCustomType: 'SetChannelAddressCustomType',
  setAddressCustomField: 'SetChannelAddressCustomField',
};
/** Inventory entries (checkout facts 9): their mutations and every input of their draft and actions. */
const INVENTORY_INPUTS = [
  'InventoryEntryDraft',
  'InventoryEntryStockLevelsInput',
  'InventoryEntryUpdateAction',
  ...Object.keys(UPDATE_ACTIONS['inventory-entry']).map((action) =>
    actionInputName('InventoryEntry', action),
  ),
];
const INVENTORY_MUTATIONS = [
  'createInventoryEntry(draft: InventoryEntryDraft!): InventoryEntry',
  'deleteInventoryEntry(id: String, key: String, version: Long!): InventoryEntry',
  'updateInventoryEntry(actions: [InventoryEntryUpdateAction!]!, id: String, key: String, version: Long!): InventoryEntry',
];
/** Fields added to the hand-written input types, by input type. */
const ADDED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  CustomerUpdateAction: ADDED_CUSTOMER_ACTIONS,
  StoreUpdateAction: ADDED_STORE_ACTIONS,
  ChannelUpdateAction: ADDED_CHANNEL_ACTIONS,
  CreateStore: { storefront: 'StorefrontInput' },
  AddressInput: { custom: 'CustomFieldsDraft' },
  // The live CustomerSignUpDraft's hand-over of the anonymous session (checkout facts 4.8).
  CustomerSignUpDraft: {
    anonymousCart: 'ResourceIdentifierInput',
    anonymousCartId: 'String',
    anonymousId: 'String',
  },
};
/** The same, as the printed lines of each input type. */
const ADDED_FIELDS = new Map([
  ...Object.entries(ADDED).map(
    ([input, fields]) =>
      [input, new Set(Object.entries(fields).map(([field, type]) => `${field}: ${type}`))] as const,
  ),
  ['Mutation', new Set(INVENTORY_MUTATIONS)] as const,
]);

/** Resources whose GraphQL writes came after the hand-written schema: their mutations and inputs are all new. */
const ADDED_RESOURCES = new Set([
  'Zone',
  'ShippingMethod',
  'Payment',
  'Cart',
  'Order',
  'ShoppingList',
  'PaymentMethod',
  'ProductDiscount',
  'CartDiscount',
  'DiscountGroup',
  'AttributeGroup',
  'DiscountCode',
  'OrderEdit',
  'StandalonePrice',
]);
const addedMutation = (line: string) =>
  [...ADDED_RESOURCES].some((name) =>
    ['create', 'update', 'delete'].some((verb) => line.startsWith(`${verb}${name}(`)),
  );

/** Resources whose GraphQL writes came after the hand-written schema: their mutations and inputs are all new. */
const ADDED_MUTATIONS = [
  'createReview(',
  'updateReview(',
  'deleteReview(',
  'createOrUpdateCustomObject(',
  'deleteCustomObject(',
  'createOrderFromCart(',
  'replicateCart(',
  ...['createMyCart(', 'updateMyCart(', 'deleteMyCart(', 'replicateMyCart(', 'createMyOrderFromCart('],
  ...['createMyPayment(', 'updateMyPayment(', 'deleteMyPayment('],
  ...['createMyShoppingList(', 'updateMyShoppingList(', 'deleteMyShoppingList('],
];
const ADDED_INPUTS = [
  'ReviewDraft',
  'ReviewUpdateAction',
  ...Object.keys(UPDATE_ACTIONS.review).map((action) => actionInputName('Review', action)),
  'CustomObjectDraft',
];

/** The input types and the Mutation root of a schema, each printed, by name. */
function writeSide(schema: GraphQLSchema): Map<string, string> {
  const sorted = lexicographicSortSchema(schema);
  return new Map(
    Object.values(sorted.getTypeMap())
      .filter((type) => isInputObjectType(type) || type === sorted.getMutationType())
      .map((type) => [type.name, printType(type)]),
  );
}

const printed = (schema: GraphQLSchema, name: string) => writeSide(schema).get(name);

describe('generated GraphQL input types', () => {
  const before = buildSchema(`${TYPES_SDL}\n${BEFORE}`);
  const now = buildSchema(`${TYPES_SDL}\n${MUTATIONS_SDL}`);

  it('breaks nothing for a client of the hand-written schema; the only additions are the ADDED fields', () => {
    expect(findBreakingChanges(before, now)).toEqual([]);
    const added = findDangerousChanges(before, now).map(({ type, description }) => {
      expect(type).toBe('OPTIONAL_INPUT_FIELD_ADDED');
      const [, field, input] =
        /^An optional field (\w+) on input type (\w+) was added\.$/.exec(description) ?? [];
      return `${input}.${field}`;
    });
    const expected = Object.entries(ADDED).flatMap(([input, fields]) =>
      Object.keys(fields).map((field) => `${input}.${field}`),
    );
    expect(added.sort()).toEqual(expected.sort());
  });

  it('keeps every hand-written type exactly: fields, types, nullability, descriptions', () => {
    const then = writeSide(before);
    const generated = writeSide(now);
    for (const [name, text] of then) {
      const current = generated
        .get(name)!
        .split('\n')
        .filter((line) => !ADDED_FIELDS.get(name)?.has(line.trim()))
        .filter((line) => name !== 'Mutation' || !addedMutation(line.trim()))
        .filter(
          (line) => name !== 'Mutation' || !ADDED_MUTATIONS.some((start) => line.trim().startsWith(start)),
        );
      expect(current.join('\n')).toBe(text);
    }
    const newTypes = [...generated.keys()].filter((name) => !then.has(name));
    const addedResourceInputs = [
      ...writeSide(
        buildSchema(
          `${TYPES_SDL}\n${inputsSdl(
            [...ENGINE_WRITES.filter((write) => ADDED_RESOURCES.has(write.name)), ...MY_WRITES],
            UPDATE_ACTIONS,
            ARGUMENT_INPUTS,
          )}`,
        ),
      ).keys(),
    ].filter((name) => !then.has(name));
    expect(addedResourceInputs).toContain('ZoneUpdateAction');
    expect(newTypes.sort()).toEqual(
      [
        ...Object.values(ADDED_CUSTOMER_ACTIONS),
        'CustomerGroupAssignmentDraft',
        ...Object.values(ADDED_STORE_ACTIONS),
        ...Object.values(ADDED_CHANNEL_ACTIONS),
        'StorefrontInput',
        ...addedResourceInputs,
        ...INVENTORY_INPUTS,
        ...ADDED_INPUTS,
      ].sort(),
    );
  });

  it("generates the Storefront's inputs in the live API's shape", () => {
    expect(printed(now, 'SetStoreFaqUrl')).toBe('input SetStoreFaqUrl {\n  faqUrl: String\n}');
    expect(printed(now, 'StorefrontInput')).toBe(
      `input StorefrontInput {\n${Object.keys(STOREFRONT_FIELDS)
        .sort()
        .map((field) => `  ${field}: String`)
        .join('\n')}\n}`,
    );
  });

  it("generates the added customer action inputs in the live API's shape", () => {
    expect(printed(now, 'SetCustomerAuthenticationMode')).toBe(
      'input SetCustomerAuthenticationMode {\n  authMode: AuthenticationMode!\n  password: String\n}',
    );
    expect(printed(now, 'ChangeCustomerAddress')).toBe(
      'input ChangeCustomerAddress {\n  address: AddressInput!\n  addressId: String\n  addressKey: String\n}',
    );
    expect(printed(now, 'SetCustomerAddressCustomType')).toBe(
      'input SetCustomerAddressCustomType {\n  addressId: String!\n  fields: [CustomFieldInput!]\n  type: ResourceIdentifierInput\n  typeId: String\n  typeKey: String\n}',
    );
    expect(printed(now, 'SetCustomerAddressCustomField')).toBe(
      'input SetCustomerAddressCustomField {\n  addressId: String!\n  name: String!\n  value: String\n}',
    );
    expect(printed(now, 'AddCustomerGroupAssignment')).toBe(
      'input AddCustomerGroupAssignment {\n  customerGroupAssignment: CustomerGroupAssignmentDraft!\n}',
    );
    expect(printed(now, 'CustomerGroupAssignmentDraft')).toBe(
      'input CustomerGroupAssignmentDraft {\n  customerGroup: ResourceIdentifierInput!\n}',
    );
  });

  it('names action inputs as the live schema does', () => {
    expect(actionInputName('Store', 'setName')).toBe('SetStoreName');
    expect(actionInputName('Store', 'changeProductSelectionActive')).toBe(
      'ChangeStoreProductSelectionActive',
    );
    expect(actionInputName('Customer', 'setCustomerNumber')).toBe('SetCustomerNumber');
    expect(actionInputName('Customer', 'setCustomType')).toBe('SetCustomerCustomType');
    expect(actionInputName('Product', 'publish')).toBe('PublishProduct');
  });

  it("offers a customer's own shopping lists exactly the 19 My actions, with the ShoppingList's inputs", () => {
    const input = now.getType('MyShoppingListUpdateAction');
    if (!isInputObjectType(input)) throw new Error('MyShoppingListUpdateAction is missing');
    expect(Object.keys(input.getFields()).sort()).toEqual(Object.keys(MY_SHOPPING_LIST_ACTIONS).sort());
    expect(String(input.getFields().addLineItem.type)).toBe('AddShoppingListLineItem');
  });

  it('offers every action of UPDATE_ACTIONS of every writable resource', () => {
    for (const { name, typeId } of [...ENGINE_WRITES, CUSTOMER_WRITES]) {
      const input = now.getType(`${name}UpdateAction`);
      if (!isInputObjectType(input)) throw new Error(`${name}UpdateAction is missing`);
      expect(Object.keys(input.getFields())).toHaveLength(Object.keys(UPDATE_ACTIONS[typeId]).length);
    }
  });
});

class StoreLanguageAction {
  @IsString()
  language: string;
}

class UntypedDraft {
  @IsOptional()
  anything?: unknown;
}

class UnnamedNested {
  @IsString()
  code: string;
}

class DraftWithUnnamedNested {
  @ValidateNested()
  @NestedType(() => UnnamedNested)
  nested: UnnamedNested;
}

describe('the input generator', () => {
  const store = ENGINE_WRITES.find(({ typeId }) => typeId === 'store')!;

  it('offers a new action of the table at once, with its input from the DTO', () => {
    const tables = {
      ...UPDATE_ACTIONS,
      store: { ...UPDATE_ACTIONS.store, addLanguage: StoreLanguageAction },
    };
    const schema = buildSchema(`${TYPES_SDL}\n${inputsSdl([store], tables)}`);
    const actions = schema.getType('StoreUpdateAction');
    const input = schema.getType('AddStoreLanguage');
    if (!isInputObjectType(actions) || !isInputObjectType(input)) throw new Error('inputs missing');
    expect(String(actions.getFields().addLanguage.type)).toBe('AddStoreLanguage');
    expect(printType(input)).toBe('input AddStoreLanguage {\n  language: String!\n}');
  });

  it('refuses two DTOs for one input name', () => {
    const tables = { ...UPDATE_ACTIONS, store: { setName: StoreLanguageAction } };
    expect(() => inputsSdl([{ ...store, draftInput: 'SetStoreName' }], tables)).toThrow(
      'SetStoreName would be generated from both StoreDraftDto and StoreLanguageAction',
    );
  });

  it('names the DTO property it cannot type', () => {
    expect(() => inputsSdl([{ ...store, draft: UntypedDraft, draftInput: 'Untyped' }])).toThrow(
      'no GraphQL type in the metadata of UntypedDraft.anything',
    );
  });

  it('names a nested input without a live name after its DTO', () => {
    const sdl = inputsSdl([{ ...store, draft: DraftWithUnnamedNested, draftInput: 'Nested' }]);
    expect(sdl).toContain('input Nested {\n  nested: UnnamedNestedInput!\n}');
    expect(sdl).toContain('input UnnamedNestedInput {\n  code: String!\n}');
  });
});
