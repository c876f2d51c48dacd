import { validateDto } from '../validate.js';
import { CART_ACTIONS, MY_CART_ACTIONS } from './cart-actions.dto.js';
import { CartDraftDto, MyCartDraftDto } from './cart-draft.dto.js';

describe('cart drafts and actions', () => {
  it('accepts a full CartDraft', () => {
    const result = validateDto(CartDraftDto, {
      currency: 'EUR',
      key: 'cart-1',
      country: 'DE',
      lineItems: [{ sku: 'SKU-1', quantity: 2, externalTaxRate: { name: 'x', amount: 0.19, country: 'DE' } }],
      customLineItems: [
        { name: { en: 'Fee' }, money: { currencyCode: 'EUR', centAmount: -100 }, slug: 'fee' },
      ],
      shippingAddress: { country: 'DE' },
      shippingRateInput: { type: 'Classification', key: 'Heavy' },
      taxMode: 'External',
      priceRoundingMode: 'HalfUp',
    });
    expect(result).toMatchObject({ ok: true });
  });

  it.each([
    [{}, 'currency'],
    [{ currency: 'eur' }, 'currency'],
    [
      {
        currency: 'EUR',
        customLineItems: [{ name: { en: 'x' }, money: { currencyCode: 'EUR', centAmount: 1 }, slug: 'a b' }],
      },
      'customLineItems[0].slug',
    ],
    [{ currency: 'EUR', lineItems: [{ sku: 'a', quantity: -1 }] }, 'lineItems[0].quantity'],
    [{ currency: 'EUR', taxMode: 'Sometimes' }, 'taxMode'],
    [{ currency: 'EUR', shippingRateInput: { type: 'Score' } }, 'shippingRateInput.score'],
    [{ currency: 'EUR', deleteDaysAfterLastModification: 0 }, 'deleteDaysAfterLastModification'],
  ])('refuses %j naming %s', (draft, path) => {
    const result = validateDto(CartDraftDto, draft);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join('\n')).toContain(`${path}:`);
  });

  it('drops what a customer may not say in MyCartDraft (key, customerId, external prices)', () => {
    const result = validateDto(MyCartDraftDto, {
      currency: 'EUR',
      key: 'mine',
      customerId: 'someone-else',
      lineItems: [{ sku: 'a', externalPrice: { currencyCode: 'EUR', centAmount: 1 } }],
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value).not.toHaveProperty('key');
      expect(result.value).not.toHaveProperty('customerId');
      expect(result.value.lineItems?.[0]).not.toHaveProperty('externalPrice');
    }
  });

  it('keeps My actions narrower than their merchant counterparts', () => {
    const merchant = validateDto(CART_ACTIONS.changeLineItemQuantity, {
      lineItemId: 'l',
      quantity: 1,
      externalPrice: { currencyCode: 'EUR', centAmount: 5 },
    });
    const mine = validateDto(MY_CART_ACTIONS.changeLineItemQuantity, {
      lineItemId: 'l',
      quantity: 1,
      externalPrice: { currencyCode: 'EUR', centAmount: 5 },
    });
    expect(merchant.ok && merchant.value).toHaveProperty('externalPrice');
    expect(mine.ok && mine.value).not.toHaveProperty('externalPrice');
  });
});
