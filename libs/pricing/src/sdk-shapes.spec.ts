import type {
  CartScoreTier as SdkCartScoreTier,
  ShippingRate as SdkShippingRate,
  TaxedItemPrice as SdkTaxedItemPrice,
  TaxedPrice as SdkTaxedPrice,
  TaxRate as SdkTaxRate,
  MethodTaxRate as SdkMethodTaxRate,
  MethodTaxedPrice as SdkMethodTaxedPrice,
} from '@commercetools/platform-sdk';
import { recalculate } from './cart-totals.js';
import { centMoney } from './money.js';

/**
 * The results are the SDK's shapes: each assignment below fails `npm run typecheck` (tsc over the specs)
 * when a field's name or type drifts from @commercetools/platform-sdk.
 */
describe('SDK shapes', () => {
  it('gives cart totals that the SDK types accept', () => {
    const rate = { id: 'r', name: 'VAT', amount: 0.19, includedInPrice: false, country: 'DE', subRates: [] };
    const totals = recalculate({
      currency: 'EUR',
      taxMode: 'Platform',
      shippingAddress: { country: 'DE' },
      lineItems: [
        {
          id: 'li',
          quantity: 1,
          priceMode: 'Platform',
          unitPrice: centMoney('EUR', 100),
          taxCategory: { id: 'tc', rates: [rate] },
        },
      ],
      customLineItems: [],
      shipping: {
        shippingRate: {
          price: centMoney('EUR', 500),
          tiers: [{ type: 'CartScore', score: 1, priceFunction: { currencyCode: 'EUR', function: 'x' } }],
        },
        taxCategory: { id: 'tc', rates: [rate] },
      },
    });
    const itemTaxed: SdkTaxedItemPrice = totals.lineItems[0].taxedPrice!;
    const itemRate: SdkTaxRate = totals.lineItems[0].taxRate!;
    const methodRates: SdkMethodTaxRate[] = totals.lineItems[0].perMethodTaxRate;
    const methodPrices: SdkMethodTaxedPrice[] = totals.lineItems[0].taxedPricePortions;
    const cartTaxed: SdkTaxedPrice = totals.taxedPrice!;
    const shippingRate: SdkShippingRate = totals.shipping!.shippingRate;
    const tier = shippingRate.tiers[0] as SdkCartScoreTier;
    expect([itemTaxed.totalGross.centAmount, itemRate.amount, cartTaxed.totalGross.centAmount]).toEqual([
      119, 0.19, 714,
    ]);
    expect([methodRates, methodPrices, tier.isMatching]).toEqual([[], [], false]);
  });
});
