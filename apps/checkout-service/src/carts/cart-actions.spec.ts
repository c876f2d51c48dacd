import type { Cart, RequestContext, Type } from '@commerce/contracts';
import { applyActions, type ReferenceResolver } from '@commerce/resources';
import { addressActions, contextActions } from './cart-context-actions.js';
import { CartCatalog } from './cart-catalog.js';
import type { CartDeps } from './cart-deps.js';
import { withCartRequest } from './cart-request.js';
import { lifecycleActions } from './cart-lifecycle-actions.js';

const type: Type = {
  id: 'type-1',
  version: 1,
  createdAt: '',
  lastModifiedAt: '',
  key: 'addr',
  name: { en: 'Address fields' },
  resourceTypeIds: ['address'],
  fieldDefinitions: [
    {
      name: 'door',
      label: { en: 'Door' },
      required: false,
      type: { name: 'String' },
      inputHint: 'SingleLine',
    },
  ],
} as unknown as Type;
const resolver = { require: async () => [type] } as unknown as ReferenceResolver;
const deps: CartDeps = { resolver };
const table = { ...contextActions(), ...addressActions(deps), ...lifecycleActions() };
const ctx: RequestContext = withCartRequest(
  {
    projectKey: 'p',
    correlationId: 'c',
    actor: { clientId: 'client-1' },
    privileges: ['manage_locked_carts'],
  },
  {
    catalog: new CartCatalog([], { items: [], taxCategories: [] }),
    settings: {
      deleteDaysAfterLastModification: 30,
      priceRoundingMode: 'HalfEven',
      taxRoundingMode: 'HalfEven',
    },
  },
);
const money = { type: 'centPrecision' as const, currencyCode: 'EUR', centAmount: 0, fractionDigits: 2 };
const cart = (over: Partial<Cart> = {}): Cart => ({
  id: 'cart-1',
  version: 1,
  createdAt: '',
  lastModifiedAt: '',
  lineItems: [],
  customLineItems: [],
  totalPrice: money,
  taxMode: 'Platform',
  priceRoundingMode: 'HalfEven',
  taxRoundingMode: 'HalfEven',
  taxCalculationMode: 'LineItemLevel',
  inventoryMode: 'None',
  cartState: 'Active',
  shippingMode: 'Single',
  shipping: [],
  itemShippingAddresses: [],
  discountCodes: [],
  directDiscounts: [],
  refusedGifts: [],
  origin: 'Customer',
  ...over,
});
const apply = (current: Cart, actions: object[], context: RequestContext = ctx) =>
  applyActions(table, current, actions, { ctx: context, db: undefined as never });
const failure = async (run: Promise<unknown>) => {
  try {
    await run;
  } catch (error) {
    return (error as { toBody(): { errors: Array<{ code: string }> } }).toBody().errors[0].code;
  }
  throw new Error('expected a failure');
};

describe('cart context, address and lifecycle actions', () => {
  it('sets and unsets context fields, with the purchase order number Message', async () => {
    const { resource, messages } = await apply(cart({ purchaseOrderNumber: 'old' }), [
      { action: 'setCustomerEmail', email: 'a@b.c' },
      { action: 'setCountry', country: 'DE' },
      { action: 'setKey', key: 'k-1' },
      { action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'po-2' },
      { action: 'setDeleteDaysAfterLastModification' },
      { action: 'setLocale', locale: 'de' },
      { action: 'setLocale' },
    ]);
    expect(resource).toMatchObject({
      customerEmail: 'a@b.c',
      country: 'DE',
      key: 'k-1',
      purchaseOrderNumber: 'po-2',
      deleteDaysAfterLastModification: 30,
    });
    expect(resource).not.toHaveProperty('locale');
    expect(messages).toEqual([
      { type: 'CartPurchaseOrderNumberSet', purchaseOrderNumber: 'po-2', oldPurchaseOrderNumber: 'old' },
    ]);
  });

  it('refuses an anonymous id on a customer cart', async () => {
    expect(
      await failure(apply(cart({ customerId: 'c1' }), [{ action: 'setAnonymousId', anonymousId: 'a' }])),
    ).toBe('InvalidOperation');
  });

  it('keeps item shipping addresses by unique key and refuses removing one in use', async () => {
    const { resource } = await apply(cart(), [
      { action: 'addItemShippingAddress', address: { key: 'home', country: 'DE' } },
      { action: 'updateItemShippingAddress', address: { key: 'home', country: 'AT', city: 'Wien' } },
      {
        action: 'setItemShippingAddressCustomType',
        addressKey: 'home',
        type: { key: 'addr' },
        fields: { door: '3' },
      },
      { action: 'setItemShippingAddressCustomField', addressKey: 'home', name: 'door', value: '4' },
    ]);
    expect(resource.itemShippingAddresses).toEqual([
      {
        key: 'home',
        country: 'AT',
        city: 'Wien',
        custom: { type: { typeId: 'type', id: 'type-1' }, fields: { door: '4' } },
      },
    ]);
    expect(
      await failure(
        apply(resource, [{ action: 'addItemShippingAddress', address: { key: 'home', country: 'DE' } }]),
      ),
    ).toBe('DuplicateField');
    const inUse = cart({
      itemShippingAddresses: resource.itemShippingAddresses,
      customLineItems: [
        {
          shippingDetails: { targets: [{ addressKey: 'home', quantity: 1 }], valid: true },
        } as Cart['customLineItems'][number],
      ],
    });
    expect(await failure(apply(inUse, [{ action: 'removeItemShippingAddress', addressKey: 'home' }]))).toBe(
      'InvalidOperation',
    );
    expect(
      (
        await apply(cart({ itemShippingAddresses: resource.itemShippingAddresses }), [
          { action: 'removeItemShippingAddress', addressKey: 'home' },
        ])
      ).resource.itemShippingAddresses,
    ).toEqual([]);
  });

  it('drops the estimated delivery when the shipping address changes', async () => {
    const shippingInfo = {
      estimatedDelivery: { from: '2026-12-01T00:00:00.000Z' },
    } as unknown as Cart['shippingInfo'];
    const { resource } = await apply(cart({ shippingInfo }), [
      { action: 'setShippingAddress', address: { country: 'DE', city: null } },
    ]);
    expect(resource.shippingAddress).toEqual({ country: 'DE' });
    expect(resource.shippingInfo).toEqual({});
  });

  it('freezes only a cart with items, unfreezes, and locks for the calling client', async () => {
    expect(await failure(apply(cart(), [{ action: 'freezeCart' }]))).toBe('InvalidOperation');
    const withItem = cart({ customLineItems: [{ id: 'cli' } as Cart['customLineItems'][number]] });
    const frozen = await apply(withItem, [
      { action: 'freezeCart', strategy: 'HardFreeze' },
      { action: 'lockCart' },
    ]);
    expect(frozen.resource).toMatchObject({
      cartState: 'Frozen',
      freezeStrategy: 'HardFreeze',
      lock: { clientId: 'client-1' },
    });
    expect(frozen.messages.map((m) => m.type)).toEqual(['CartFrozen', 'CartLocked']);
    const thawed = await apply(frozen.resource, [{ action: 'unfreezeCart' }, { action: 'unlockCart' }]);
    expect(thawed.resource.cartState).toBe('Active');
    expect(thawed.resource).not.toHaveProperty('freezeStrategy');
    expect(thawed.resource).not.toHaveProperty('lock');
    expect(thawed.messages.map((m) => m.type)).toEqual(['CartUnfrozen', 'CartUnlocked']);
  });

  it('locks and unlocks only with manage_locked_carts in the context (insufficient_scope)', async () => {
    const { privileges: _none, ...withoutPrivileges } = ctx;
    expect(await failure(apply(cart(), [{ action: 'lockCart' }], withoutPrivileges))).toBe(
      'insufficient_scope',
    );
    const locked = cart({ lock: { clientId: 'client-1', createdAt: '2026-01-01T00:00:00.000Z' } });
    expect(await failure(apply(locked, [{ action: 'unlockCart' }], withoutPrivileges))).toBe(
      'insufficient_scope',
    );
  });

  it('reorders line items only with every id once', async () => {
    const items = [{ id: 'a' }, { id: 'b' }] as Cart['lineItems'];
    const { resource } = await apply(cart({ lineItems: items }), [
      { action: 'changeLineItemsOrder', lineItemOrder: ['b', 'a'] },
    ]);
    expect(resource.lineItems.map((item) => item.id)).toEqual(['b', 'a']);
    expect(
      await failure(
        apply(cart({ lineItems: items }), [{ action: 'changeLineItemsOrder', lineItemOrder: ['a', 'a'] }]),
      ),
    ).toBe('InvalidInput');
  });
});
