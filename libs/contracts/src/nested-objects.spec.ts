import { CustomerGroupDraftDto } from './customer-groups/customer-group.dto.js';
import { TaxCategoryDraftDto } from './tax-categories/tax-category.dto.js';
import { CustomerDraftDto } from './customers/customer.dto.js';
import { ProjectConfigurationDraftDto } from './insights/insights.dto.js';
import { ProductDraftDto } from './products/product.dto.js';
import { StoreDraftDto } from './stores/store.dto.js';
import { validateDto } from './validate.js';

// class-validator's @ValidateNested() lets an array through where one object is declared (it validates the
// elements instead); every single nested object also says @IsObject(), so such input is a 400, not a crash.
describe('a nested object given as an array', () => {
  it.each([[[]], [[[]]], [[{}]]])('is refused where one object is declared: custom = %j', (custom) => {
    const result = validateDto(CustomerGroupDraftDto, { key: 'group-1', groupName: 'G', custom });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems).toContain('custom: custom must be an object');
  });

  it('is still accepted as an object, and arrays of objects stay arrays', () => {
    expect(
      validateDto(CustomerGroupDraftDto, {
        key: 'group-1',
        groupName: 'G',
        custom: { type: { typeId: 'type', key: 'my-type' } },
      }).ok,
    ).toBe(true);
    expect(
      validateDto(StoreDraftDto, { key: 'store-1', distributionChannels: [{ typeId: 'channel', key: 'c' }] })
        .ok,
    ).toBe(true);
  });
});

// class-validator's @ValidateNested() does not refuse an array element that is no object, and class-transformer
// throws on a null element of a discriminated union: both reached the services (500s found by the hostile-input run).
describe('an element of an array of nested objects that is no JSON object', () => {
  it.each([[[]], [null], [1], ['x']])('is refused with its path: productSelections = [%j]', (element) => {
    const result = validateDto(StoreDraftDto, { key: 'store-1', productSelections: [element] });
    expect(result).toEqual({
      ok: false,
      problems: ['productSelections[0]: each value must be a JSON object'],
    });
  });

  it('is found below nested objects too, and in a discriminated union', () => {
    const result = validateDto(ProjectConfigurationDraftDto, { providers: [null] });
    expect(result).toEqual({ ok: false, problems: ['providers[0]: each value must be a JSON object'] });
    const deep = validateDto(ProductDraftDto, {
      key: 'p',
      productType: { key: 'pt' },
      name: { en: 'n' },
      slug: { en: 's' },
      variants: [{ assets: [[]] }],
    });
    expect(deep).toEqual({
      ok: false,
      problems: ['variants[0].assets[0]: each value must be a JSON object'],
    });
  });
});

describe('a single nested object given as an array, where the DTO does not say @IsObject()', () => {
  it('is refused with its path (a customer draft in a Store: 500 found by the hostile-input run)', () => {
    const result = validateDto(CustomerDraftDto, { email: 'a@example.com', password: 'pw', custom: [] });
    expect(result).toEqual({ ok: false, problems: ['custom: custom must be an object'] });
  });
});

describe('an array of nested objects whose type TypeScript cannot name (`SubRateDto[] | null`)', () => {
  it('is still taken as an array', () => {
    const rate = { name: 'r', country: 'DE', includedInPrice: true };
    const result = validateDto(TaxCategoryDraftDto, {
      name: 't',
      rates: [{ ...rate, subRates: [{ name: 's', amount: 0.19 }] }],
    });
    expect(result.ok ? [] : result.problems).toEqual([]);
  });
});
