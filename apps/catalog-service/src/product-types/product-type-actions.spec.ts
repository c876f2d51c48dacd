import type { Product, ProductType } from '@commerce/contracts';
import { applyActions, base, errorOf } from '../../test/apply-actions.js';
import { defineProductType } from './product-type.definition.js';
import {
  mappingEnumValues,
  removingAttribute,
  renamingAttribute,
  withChangedAttributes,
} from './product-type-products.js';

const { actions } = defineProductType();

const definition = (name: string, type: object, extra: object = {}) => ({
  name,
  label: { en: name },
  isRequired: false,
  type,
  level: 'Variant',
  attributeConstraint: 'None',
  inputHint: 'SingleLine',
  isSearchable: true,
  ...extra,
});

const productType = (): ProductType =>
  ({
    ...base,
    id: 'pt1',
    name: 'Shirt',
    description: 'Shirts',
    attributes: [
      definition('size', {
        name: 'enum',
        values: [
          { key: 'm', label: 'M' },
          { key: 'l', label: 'L' },
        ],
      }),
      definition('colors', {
        name: 'set',
        elementType: { name: 'lenum', values: [{ key: 'red', label: { en: 'Red' } }] },
      }),
      definition('material', { name: 'text' }, { attributeConstraint: 'SameForAll' }),
    ],
  }) as ProductType;

const apply = async (...raw: object[]) => (await applyActions(actions, productType(), raw)).resource;
const refusal = (...raw: object[]) => errorOf(apply(...raw));
const attribute = (type: ProductType, name: string) => type.attributes.find((a) => a.name === name)!;

describe('product type update actions', () => {
  it('change an attribute definition’s label, input tip, input hint, searchability and constraint', async () => {
    const type = await apply(
      { action: 'changeLabel', attributeName: 'material', label: { en: 'Fabric' } },
      { action: 'setInputTip', attributeName: 'material', inputTip: { en: 'What it is made of' } },
      { action: 'changeInputHint', attributeName: 'material', newValue: 'MultiLine' },
      { action: 'changeIsSearchable', attributeName: 'material', isSearchable: false },
      { action: 'changeAttributeConstraint', attributeName: 'material', newValue: 'None' },
    );
    expect(attribute(type, 'material')).toMatchObject({
      label: { en: 'Fabric' },
      inputTip: { en: 'What it is made of' },
      inputHint: 'MultiLine',
      isSearchable: false,
      attributeConstraint: 'None',
    });
    const removed = await applyActions(actions, type, [{ action: 'setInputTip', attributeName: 'material' }]);
    expect(attribute(removed.resource, 'material')).not.toHaveProperty('inputTip');
  });

  it('reorder the definitions by name, all of them exactly once', async () => {
    const type = await apply({
      action: 'changeAttributeOrderByName',
      attributeNames: ['material', 'size', 'colors'],
    });
    expect(type.attributes.map((a) => a.name)).toEqual(['material', 'size', 'colors']);
    for (const attributeNames of [
      ['size', 'colors'],
      ['size', 'size', 'colors'],
    ]) {
      expect(await refusal({ action: 'changeAttributeOrderByName', attributeNames })).toMatchObject({
        code: 'InvalidOperation',
      });
    }
  });

  it.each([
    [{ action: 'changeLabel', attributeName: 'nope', label: { en: 'x' } }, 'AttributeNameDoesNotExist'],
    [
      { action: 'changeAttributeName', attributeName: 'size', newAttributeName: 'material' },
      'AttributeDefinitionAlreadyExists',
    ],
    [{ action: 'changeAttributeConstraint', attributeName: 'size', newValue: 'Unique' }, 'InvalidJsonInput'],
    [
      { action: 'addPlainEnumValue', attributeName: 'size', value: { key: 'm', label: 'M' } },
      'DuplicateEnumValues',
    ],
    [
      { action: 'addLocalizedEnumValue', attributeName: 'size', value: { key: 'x', label: { en: 'X' } } },
      'InvalidOperation',
    ],
    [
      { action: 'addPlainEnumValue', attributeName: 'material', value: { key: 'x', label: 'X' } },
      'InvalidOperation',
    ],
    [
      { action: 'changePlainEnumValueLabel', attributeName: 'size', newValue: { key: 'xl', label: 'XL' } },
      'EnumKeyDoesNotExist',
    ],
    [{ action: 'changeEnumKey', attributeName: 'size', key: 'm', newKey: 'l' }, 'EnumKeyAlreadyExists'],
    [{ action: 'changeEnumKey', attributeName: 'size', key: 'xl', newKey: 'xxl' }, 'EnumKeyDoesNotExist'],
    [
      { action: 'changePlainEnumValueOrder', attributeName: 'size', values: [{ key: 'l', label: 'L' }] },
      'EnumValuesMustMatch',
    ],
    [
      {
        action: 'changePlainEnumValueOrder',
        attributeName: 'size',
        values: [
          { key: 'l', label: 'Large' },
          { key: 'm', label: 'M' },
        ],
      },
      'EnumValuesMustMatch',
    ],
    [{ action: 'removeEnumValues', attributeName: 'size', keys: ['xl'] }, 'EnumKeyDoesNotExist'],
  ])('refuse %j with %s', async (raw, code) => {
    expect(await refusal(raw)).toMatchObject({ code });
  });

  it('name the missing attribute as the API does', async () => {
    expect(await refusal({ action: 'removeAttributeDefinition', name: 'nope' })).toEqual({
      code: 'AttributeNameDoesNotExist',
      message: 'Attribute definition for nope does not exist on type Shirt.',
      invalidAttributeName: 'nope',
    });
  });

  it('add, relabel, reorder, rekey and remove enum values (also of a set)', async () => {
    const type = await apply(
      { action: 'addPlainEnumValue', attributeName: 'size', value: { key: 's', label: 'S' } },
      { action: 'changePlainEnumValueLabel', attributeName: 'size', newValue: { key: 'm', label: 'Medium' } },
      {
        action: 'changePlainEnumValueOrder',
        attributeName: 'size',
        values: [
          { key: 's', label: 'S' },
          { key: 'm', label: 'Medium' },
          { key: 'l', label: 'L' },
        ],
      },
      { action: 'changeEnumKey', attributeName: 'size', key: 'l', newKey: 'large' },
      { action: 'removeEnumValues', attributeName: 'size', keys: ['s'] },
      {
        action: 'addLocalizedEnumValue',
        attributeName: 'colors',
        value: { key: 'blue', label: { en: 'Blue' } },
      },
      {
        action: 'changeLocalizedEnumValueLabel',
        attributeName: 'colors',
        newValue: { key: 'red', label: { en: 'Crimson' } },
      },
      {
        action: 'changeLocalizedEnumValueOrder',
        attributeName: 'colors',
        values: [
          { key: 'blue', label: { en: 'Blue' } },
          { key: 'red', label: { en: 'Crimson' } },
        ],
      },
    );
    expect(attribute(type, 'size').type).toEqual({
      name: 'enum',
      values: [
        { key: 'm', label: 'Medium' },
        { key: 'large', label: 'L' },
      ],
    });
    expect(attribute(type, 'colors').type).toEqual({
      name: 'set',
      elementType: {
        name: 'lenum',
        values: [
          { key: 'blue', label: { en: 'Blue' } },
          { key: 'red', label: { en: 'Crimson' } },
        ],
      },
    });
  });
});

describe('what a product type change does to its products', () => {
  const variant = (id: number, attributes: Array<{ name: string; value: unknown }>) => ({
    id,
    prices: [],
    images: [],
    assets: [],
    attributes,
  });
  const data = {
    name: { en: 'P' },
    slug: { en: 'p' },
    categories: [],
    searchKeywords: {},
    attributes: [],
    masterVariant: variant(1, [
      { name: 'size', value: { key: 'm', label: 'M' } },
      {
        name: 'colors',
        value: [
          { key: 'red', label: { en: 'Red' } },
          { key: 'blue', label: { en: 'Blue' } },
        ],
      },
    ]),
    variants: [variant(2, [{ name: 'colors', value: [{ key: 'red', label: { en: 'Red' } }] }])],
  };
  const product = {
    ...base,
    id: 'p1',
    productType: { typeId: 'product-type', id: 'pt1' },
    masterData: { published: true, current: data, staged: data, hasStagedChanges: false },
  } as Product;
  const variants = (p: Product) => [p.masterData.staged.masterVariant, ...p.masterData.staged.variants];

  it('renames and removes an attribute in current and staged data', () => {
    const renamed = withChangedAttributes(product, renamingAttribute('size', 'fit'));
    expect(renamed.masterData.current.masterVariant.attributes.map((a) => a.name)).toEqual(['fit', 'colors']);
    expect(renamed.masterData.staged.masterVariant.attributes.map((a) => a.name)).toEqual(['fit', 'colors']);
    const removed = withChangedAttributes(product, removingAttribute('colors'));
    expect(variants(removed).map((v) => v.attributes.length)).toEqual([1, 0]);
  });

  it('removes enum values from sets, and the attribute when nothing is left', () => {
    const removed = withChangedAttributes(
      product,
      mappingEnumValues('colors', (value) => ((value as { key: string }).key === 'red' ? undefined : value)),
    );
    expect(variants(removed).map((v) => v.attributes)).toEqual([
      [
        { name: 'size', value: { key: 'm', label: 'M' } },
        { name: 'colors', value: [{ key: 'blue', label: { en: 'Blue' } }] },
      ],
      [],
    ]);
  });
});
