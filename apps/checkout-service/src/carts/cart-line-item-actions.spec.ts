import type { Cart, Channel, CheckoutProduct, Price, RequestContext, TaxCategory } from '@commerce/contracts';
import { applyActions, type ReferenceResolver } from '@commerce/resources';
import { CartCatalog } from './cart-catalog.js';
import type { CartDeps } from './cart-deps.js';
import { lineItemActions } from './cart-line-item-actions.js';
import { withCartRules } from './cart-recalculation.js';
import { lookupsFor, withCartRequest } from './cart-request.js';

const eur = (centAmount: number) => ({
  type: 'centPrecision' as const,
  currencyCode: 'EUR',
  centAmount,
  fractionDigits: 2,
});
const prices: Price[] = [{ id: 'base', value: eur(1000), tiers: [{ minimumQuantity: 3, value: eur(900) }] }];
const product: CheckoutProduct = {
  productId: 'p1',
  productKey: 'tea',
  name: { en: 'Tea' },
  slug: { en: 'tea' },
  productType: { typeId: 'product-type', id: 'pt' },
  variant: { id: 1, sku: 'tea-1', prices, images: [], attributes: [], assets: [] },
  taxCategory: { typeId: 'tax-category', id: 'tc' },
};
const taxCategory = {
  id: 'tc',
  version: 1,
  createdAt: '',
  lastModifiedAt: '',
  name: 'Standard',
  rates: [{ id: 'r', name: '19%', amount: 0.19, includedInPrice: true, country: 'DE' }],
} as TaxCategory;
const channels: Record<string, Partial<Channel>> = {
  dist: { id: 'dist', roles: ['ProductDistribution'] },
  supply: { id: 'supply', roles: ['InventorySupply'] },
};
const resolver = {
  require: async (_ctx: unknown, _typeId: string, refs: Array<{ id?: string }>) =>
    refs.map((ref) => channels[ref.id ?? '']),
} as unknown as ReferenceResolver;
const deps: CartDeps = { resolver };
const table = withCartRules(lineItemActions(deps));
const settings = {
  deleteDaysAfterLastModification: 90,
  priceRoundingMode: 'HalfEven' as const,
  taxRoundingMode: 'HalfEven' as const,
};

const empty = (): Cart => ({
  id: 'c',
  version: 1,
  createdAt: '',
  lastModifiedAt: '',
  lineItems: [],
  customLineItems: [],
  totalPrice: eur(0),
  taxMode: 'Platform',
  priceRoundingMode: 'HalfEven',
  taxRoundingMode: 'HalfEven',
  taxCalculationMode: 'LineItemLevel',
  inventoryMode: 'None',
  cartState: 'Active',
  shippingMode: 'Single',
  shipping: [],
  itemShippingAddresses: [{ key: 'home', country: 'DE' }],
  discountCodes: [],
  directDiscounts: [],
  refusedGifts: [],
  origin: 'Customer',
  shippingAddress: { country: 'DE' },
});

/** One cart change as the service runs it: one catalog answer for all products, then the actions. */
function change(cart: Cart, actions: object[], answers = [{ found: true as const, product }]) {
  const lookups = lookupsFor(cart, actions);
  const catalog = new CartCatalog(lookups, {
    items: lookups.map((_, i) => answers[Math.min(i, answers.length - 1)]),
    taxCategories: [taxCategory],
  });
  const ctx: RequestContext = withCartRequest(
    { projectKey: 'p', correlationId: 'x', actor: { clientId: 'me' } },
    { catalog, settings },
  );
  return applyActions(table, cart, actions, { ctx, db: undefined as never });
}
const failure = async (run: Promise<unknown>) => {
  try {
    await run;
  } catch (error) {
    return (error as { toBody(): { errors: Array<{ code: string }> } }).toBody().errors[0].code;
  }
  throw new Error('expected a failure');
};

describe('line item actions', () => {
  it('adds by SKU, merges a second add, applies the tier and recalculates the totals and tax', async () => {
    const { resource } = await change(empty(), [
      { action: 'addLineItem', sku: 'tea-1', quantity: 2 },
      {
        action: 'addLineItem',
        sku: 'tea-1',
        quantity: 1,
        shippingDetails: { targets: [{ addressKey: 'home', quantity: 1 }] },
      },
    ]);
    expect(resource.lineItems).toHaveLength(1);
    expect(resource.lineItems[0]).toMatchObject({
      productKey: 'tea',
      quantity: 3,
      price: { id: 'base', value: eur(900) },
      totalPrice: eur(2700),
      taxRate: { amount: 0.19, includedInPrice: true },
      taxedPrice: { totalGross: eur(2700), totalNet: eur(2269) },
      shippingDetails: { targets: [{ addressKey: 'home', quantity: 1 }], valid: false },
    });
    expect(resource.totalPrice).toEqual(eur(2700));
    expect(resource.totalLineItemQuantity).toBe(3);
  });

  it('keeps separate line items for other channels and external prices', async () => {
    const { resource } = await change(empty(), [
      { action: 'addLineItem', productId: 'p1', variantId: 1 },
      { action: 'addLineItem', productId: 'p1', variantId: 1, supplyChannel: { id: 'supply' } },
      {
        action: 'addLineItem',
        productId: 'p1',
        variantId: 1,
        externalPrice: { currencyCode: 'EUR', centAmount: 500 },
      },
    ]);
    expect(
      resource.lineItems.map((item) => [item.priceMode, item.supplyChannel?.id, item.totalPrice.centAmount]),
    ).toEqual([
      ['Platform', undefined, 1000],
      ['Platform', 'supply', 1000],
      ['ExternalPrice', undefined, 500],
    ]);
    expect(resource.totalPrice.centAmount).toBe(2500);
  });

  it('changes and removes quantities, 0 removing the item; states follow', async () => {
    const added = (await change(empty(), [{ action: 'addLineItem', sku: 'tea-1', quantity: 4 }])).resource;
    const id = added.lineItems[0].id;
    const less = (await change(added, [{ action: 'removeLineItem', lineItemId: id, quantity: 3 }])).resource;
    expect(less.lineItems[0]).toMatchObject({ quantity: 1, state: [{ quantity: 1 }], totalPrice: eur(1000) });
    const gone = (await change(less, [{ action: 'changeLineItemQuantity', lineItemId: id, quantity: 0 }]))
      .resource;
    expect(gone.lineItems).toEqual([]);
    expect(gone.totalPrice.centAmount).toBe(0);
    expect(gone).not.toHaveProperty('totalLineItemQuantity');
  });

  it('sets and unsets an external total price', async () => {
    const added = (await change(empty(), [{ action: 'addLineItem', sku: 'tea-1', quantity: 2 }])).resource;
    const id = added.lineItems[0].id;
    const external = (
      await change(added, [
        {
          action: 'setLineItemTotalPrice',
          lineItemId: id,
          externalTotalPrice: {
            price: { currencyCode: 'EUR', centAmount: 700 },
            totalPrice: { currencyCode: 'EUR', centAmount: 1234 },
          },
        },
      ])
    ).resource;
    expect(external.lineItems[0]).toMatchObject({ priceMode: 'ExternalTotal', totalPrice: eur(1234) });
    const platform = (await change(external, [{ action: 'setLineItemTotalPrice', lineItemId: id }])).resource;
    expect(platform.lineItems[0]).toMatchObject({ priceMode: 'Platform', totalPrice: eur(2000) });
  });

  it('refuses unknown products, channels without the role, and item changes on a frozen cart', async () => {
    expect(
      await failure(
        change(
          empty(),
          [{ action: 'addLineItem', sku: 'none' }],
          [{ found: false, reason: 'SkuNotFound' } as never],
        ),
      ),
    ).toBe('InvalidInput');
    expect(
      await failure(
        change(empty(), [{ action: 'addLineItem', sku: 'tea-1', supplyChannel: { id: 'dist' } }]),
      ),
    ).toBe('MissingRoleOnChannel');
    const added = (await change(empty(), [{ action: 'addLineItem', sku: 'tea-1' }])).resource;
    const frozen = { ...added, cartState: 'Frozen' as const, freezeStrategy: 'SoftFreeze' as const };
    expect(await failure(change(frozen, [{ action: 'addLineItem', sku: 'tea-1' }]))).toBe('InvalidOperation');
  });

  it('takes external tax rates only in External mode', async () => {
    const added = (await change(empty(), [{ action: 'addLineItem', sku: 'tea-1' }])).resource;
    const rate = { name: 'ext', amount: 0.1, country: 'DE' };
    const id = added.lineItems[0].id;
    expect(
      await failure(change(added, [{ action: 'setLineItemTaxRate', lineItemId: id, externalTaxRate: rate }])),
    ).toBe('InvalidOperation');
    const external = (
      await change({ ...added, taxMode: 'External' }, [
        { action: 'setLineItemTaxRate', lineItemId: id, externalTaxRate: rate },
      ])
    ).resource;
    expect(external.taxedPrice).toMatchObject({ totalNet: eur(1000), totalGross: eur(1100) });
  });
});
