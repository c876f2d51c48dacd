import { validateDto } from '../validate.js';
import { STORE_ACTIONS } from './store-actions.dto.js';
import { StoreDraftDto } from './store.dto.js';
import { isUrlTemplate, uriTemplateVariables } from './storefront.dto.js';

describe('Storefront URLs', () => {
  it.each([
    ['https://example.com/checkout/{checkoutId}', ['checkoutId']],
    ['https://example.com/c{?checkoutId,lang}', ['checkoutId', 'lang']],
    ['https://example.com{/checkoutId*}{#frag:3}', ['checkoutId', 'frag']],
    ['https://example.com/plain', []],
  ])('reads the variables of the RFC 6570 template %s', (template, variables) => {
    expect(uriTemplateVariables(template)).toEqual(variables);
  });

  it.each([
    'https://example.com/{checkoutId',
    'https://example.com/checkoutId}',
    'https://example.com/{check out}',
    'https://example.com/{=checkoutId}',
    'https://example.com/{checkoutId:0}',
    'https://example.com/a b/{checkoutId}',
    'https://example.com/{}',
  ])('refuses the malformed template %s', (template) => {
    expect(uriTemplateVariables(template)).toBeUndefined();
  });

  it('accepts a template only with its variable and an https URL around it', () => {
    expect(isUrlTemplate('https://shop.example.com/checkout/{checkoutId}', 'checkoutId')).toBe(true);
    expect(isUrlTemplate('https://shop.example.com/checkout/{orderId}', 'checkoutId')).toBe(false);
    expect(isUrlTemplate('http://shop.example.com/checkout/{checkoutId}', 'checkoutId')).toBe(false);
    expect(isUrlTemplate('/checkout/{checkoutId}', 'checkoutId')).toBe(false);
  });

  it('validates each Storefront action and the draft with the same rules', () => {
    const faq = STORE_ACTIONS.setFaqUrl;
    expect(validateDto(faq, { faqUrl: 'https://example.com/faq' }).ok).toBe(true);
    expect(validateDto(faq, {}).ok).toBe(true);
    expect(validateDto(faq, { faqUrl: '' }).ok).toBe(true);
    expect(validateDto(faq, { faqUrl: 'http://example.com/faq' })).toEqual({
      ok: false,
      problems: ['faqUrl: faqUrl must be an absolute https URL.'],
    });
    expect(
      validateDto(STORE_ACTIONS.setOrderUrlTemplate, { orderUrlTemplate: 'https://e.com/{id}' }).ok,
    ).toBe(false);
    const draft = validateDto(StoreDraftDto, {
      key: 'k1',
      storefront: { checkoutUrlTemplate: 'https://e.com/{checkoutId}', contactUrl: 'ftp://e.com' },
    });
    expect(draft).toEqual({
      ok: false,
      problems: ['storefront.contactUrl: contactUrl must be an absolute https URL.'],
    });
  });
});
