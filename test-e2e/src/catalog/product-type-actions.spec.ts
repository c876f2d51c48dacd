import type { Product, ProductType, ProductTypeUpdateAction } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { productDraft, productTypeDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';

type Client = Awaited<ReturnType<typeof sdk>>;

const updateType = async (client: Client, type: ProductType, ...actions: ProductTypeUpdateAction[]) =>
  (
    await client
      .productTypes()
      .withId({ ID: type.id })
      .post({ body: { version: type.version, actions } })
      .execute()
  ).body;

/** The first error object of a refused SDK request, with the status. */
async function refusal(request: Promise<unknown>) {
  try {
    await request;
  } catch (error) {
    const { statusCode, body } = error as {
      statusCode: number;
      body: { errors: Array<{ code: string; message: string }> };
    };
    return { statusCode, ...body.errors[0] };
  }
  throw new Error('expected the request to be refused');
}

const getProduct = async (client: Client, id: string) =>
  (await client.products().withId({ ID: id }).get().execute()).body;

const attributesOf = (product: Product, which: 'current' | 'staged' = 'staged') =>
  [product.masterData[which].masterVariant, ...product.masterData[which].variants].map(
    (variant) => variant.attributes ?? [],
  );

describe('Product type update actions', () => {
  it('add an attribute definition with the API defaults, and change its fields', async () => {
    const client = await sdk();
    let type = await api.create<ProductType>('product-types', productTypeDraft());
    const name = uniqueKey('fabric');
    type = await updateType(client, type, {
      action: 'addAttributeDefinition',
      attribute: { name, label: { en: 'Fabric' }, isRequired: false, type: { name: 'text' } },
    });
    expect(type.attributes?.[1]).toEqual({
      name,
      label: { en: 'Fabric' },
      isRequired: false,
      type: { name: 'text' },
      level: 'Variant',
      attributeConstraint: 'None',
      inputHint: 'SingleLine',
      isSearchable: true,
    });
    type = await updateType(
      client,
      type,
      { action: 'changeLabel', attributeName: name, label: { en: 'Material' } },
      { action: 'setInputTip', attributeName: name, inputTip: { en: 'What it is made of' } },
      { action: 'changeInputHint', attributeName: name, newValue: 'MultiLine' },
      { action: 'changeIsSearchable', attributeName: name, isSearchable: false },
      { action: 'changeAttributeOrderByName', attributeNames: [name, 'size'] },
    );
    expect(type.attributes?.[0]).toMatchObject({
      name,
      label: { en: 'Material' },
      inputTip: { en: 'What it is made of' },
      inputHint: 'MultiLine',
      isSearchable: false,
    });
    expect(type.version).toBe(3);
  });

  it('only loosen a SameForAll or Unique constraint to None', async () => {
    const client = await sdk();
    const attribute = (name: string, attributeConstraint: string) => ({
      name,
      label: { en: name },
      isRequired: false,
      type: { name: 'text' },
      attributeConstraint,
    });
    let type = await api.create<ProductType>(
      'product-types',
      productTypeDraft({
        attributes: [attribute('same', 'SameForAll'), attribute('combined', 'CombinationUnique')],
      }),
    );
    type = await updateType(client, type, {
      action: 'changeAttributeConstraint',
      attributeName: 'same',
      newValue: 'None',
    });
    expect(type.attributes?.[0].attributeConstraint).toBe('None');
    const refused = await refusal(
      updateType(client, type, {
        action: 'changeAttributeConstraint',
        attributeName: 'combined',
        newValue: 'None',
      }),
    );
    expect(refused).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
  });

  it('refuse a missing attribute, a taken name and a type that differs from another product type’s', async () => {
    const client = await sdk();
    const type = await api.create<ProductType>('product-types', productTypeDraft());
    expect(
      await refusal(
        updateType(client, type, { action: 'changeLabel', attributeName: 'nope', label: { en: 'x' } }),
      ),
    ).toEqual({
      statusCode: 400,
      code: 'AttributeNameDoesNotExist',
      message: `Attribute definition for nope does not exist on type ${type.name}.`,
      invalidAttributeName: 'nope',
    });
    const size = { name: 'size', label: { en: 'Size' }, isRequired: false, type: { name: 'text' as const } };
    expect(
      await refusal(updateType(client, type, { action: 'addAttributeDefinition', attribute: size })),
    ).toMatchObject({
      code: 'AttributeDefinitionAlreadyExists',
      conflictingProductTypeId: type.id,
      conflictingAttributeName: 'size',
    });
    const shared = uniqueKey('shared');
    const other = await api.create<ProductType>(
      'product-types',
      productTypeDraft({ attributes: [{ ...size, name: shared }] }),
    );
    const conflicting = { ...size, name: shared, type: { name: 'number' as const } };
    expect(
      await refusal(updateType(client, type, { action: 'addAttributeDefinition', attribute: conflicting })),
    ).toMatchObject({
      code: 'AttributeDefinitionTypeConflict',
      conflictingProductTypeId: other.id,
      conflictingAttributeName: shared,
    });
    expect(
      await refusal(
        updateType(client, type, {
          action: 'addAttributeDefinition',
          attribute: { ...size, name: uniqueKey('p'), level: 'Product', attributeConstraint: 'Unique' },
        }),
      ),
    ).toMatchObject({ code: 'InvalidOperation' });
  });

  it('rename and remove attribute definitions on the products of the type too', async () => {
    const client = await sdk();
    const color = { name: 'color', label: { en: 'Color' }, isRequired: false, type: { name: 'text' } };
    let type = await api.create<ProductType>(
      'product-types',
      productTypeDraft({ attributes: [...productTypeDraft().attributes, color] }),
    );
    const created = await api.create<Product>(
      'products',
      productDraft(type.id, [], {
        publish: true,
        masterVariant: {
          attributes: [
            { name: 'size', value: 'm' },
            { name: 'color', value: 'red' },
          ],
        },
      }),
    );
    type = await updateType(client, type, {
      action: 'changeAttributeName',
      attributeName: 'size',
      newAttributeName: 'fit',
    });
    expect(type.attributes?.map((a) => a.name)).toEqual(['fit', 'color']);
    let product = await getProduct(client, created.id);
    expect(product.version).toBe(created.version + 1);
    for (const which of ['current', 'staged'] as const) {
      expect(attributesOf(product, which)).toEqual([
        [
          { name: 'fit', value: { key: 'm', label: 'M' } },
          { name: 'color', value: 'red' },
        ],
      ]);
    }
    type = await updateType(client, type, { action: 'removeAttributeDefinition', name: 'color' });
    product = await getProduct(client, created.id);
    expect(attributesOf(product, 'current')).toEqual([[{ name: 'fit', value: { key: 'm', label: 'M' } }]]);
    const projection = await client.productProjections().withId({ ID: created.id }).get().execute();
    expect(projection.body.masterVariant.attributes).toEqual([
      { name: 'fit', value: { key: 'm', label: 'M' } },
    ]);
    // The product is updatable at its new version.
    const updated = await client
      .products()
      .withId({ ID: product.id })
      .post({
        body: { version: product.version, actions: [{ action: 'setKey', key: uniqueKey('product') }] },
      })
      .execute();
    expect(updated.body.version).toBe(product.version + 1);
    expect(type.attributes?.map((a) => a.name)).toEqual(['fit']);
  });

  it('change enum keys and labels on the products; remove unused values, or refuse used ones of a required attribute', async () => {
    const client = await sdk();
    const colors = {
      name: 'colors',
      label: { en: 'Colors' },
      isRequired: false,
      type: {
        name: 'set',
        elementType: {
          name: 'lenum',
          values: [
            { key: 'red', label: { en: 'Red' } },
            { key: 'blue', label: { en: 'Blue' } },
          ],
        },
      },
    };
    const size = { ...productTypeDraft().attributes[0], isRequired: true };
    let type = await api.create<ProductType>(
      'product-types',
      productTypeDraft({ attributes: [size, colors] }),
    );
    const created = await api.create<Product>(
      'products',
      productDraft(type.id, [], {
        masterVariant: {
          attributes: [
            { name: 'size', value: 'm' },
            { name: 'colors', value: ['red', 'blue'] },
          ],
        },
      }),
    );
    type = await updateType(
      client,
      type,
      { action: 'addPlainEnumValue', attributeName: 'size', value: { key: 's', label: 'S' } },
      { action: 'changeEnumKey', attributeName: 'size', key: 'm', newKey: 'medium' },
      {
        action: 'changePlainEnumValueLabel',
        attributeName: 'size',
        newValue: { key: 'medium', label: 'Medium' },
      },
      {
        action: 'changeLocalizedEnumValueLabel',
        attributeName: 'colors',
        newValue: { key: 'red', label: { en: 'Crimson' } },
      },
      {
        action: 'addLocalizedEnumValue',
        attributeName: 'colors',
        value: { key: 'green', label: { en: 'Green' } },
      },
      {
        action: 'changePlainEnumValueOrder',
        attributeName: 'size',
        values: [
          { key: 's', label: 'S' },
          { key: 'medium', label: 'Medium' },
          { key: 'l', label: 'L' },
        ],
      },
      {
        action: 'changeLocalizedEnumValueOrder',
        attributeName: 'colors',
        values: [
          { key: 'green', label: { en: 'Green' } },
          { key: 'blue', label: { en: 'Blue' } },
          { key: 'red', label: { en: 'Crimson' } },
        ],
      },
    );
    expect(type.attributes?.[0].type).toEqual({
      name: 'enum',
      values: [
        { key: 's', label: 'S' },
        { key: 'medium', label: 'Medium' },
        { key: 'l', label: 'L' },
      ],
    });
    let product = await getProduct(client, created.id);
    expect(attributesOf(product)).toEqual([
      [
        { name: 'size', value: { key: 'medium', label: 'Medium' } },
        {
          name: 'colors',
          value: [
            { key: 'red', label: { en: 'Crimson' } },
            { key: 'blue', label: { en: 'Blue' } },
          ],
        },
      ],
    ]);

    const used = await refusal(
      updateType(client, type, { action: 'removeEnumValues', attributeName: 'size', keys: ['medium'] }),
    );
    expect(used).toMatchObject({ statusCode: 400, code: 'EnumValueIsUsed' });
    expect(used.message).toContain('size');
    type = await updateType(
      client,
      type,
      { action: 'removeEnumValues', attributeName: 'size', keys: ['s'] },
      { action: 'removeEnumValues', attributeName: 'colors', keys: ['red'] },
    );
    product = await getProduct(client, created.id);
    expect(attributesOf(product)[0][1]).toEqual({
      name: 'colors',
      value: [{ key: 'blue', label: { en: 'Blue' } }],
    });
    expect(
      await refusal(
        updateType(client, type, {
          action: 'changeEnumKey',
          attributeName: 'size',
          key: 'medium',
          newKey: 'l',
        }),
      ),
    ).toMatchObject({
      code: 'EnumKeyAlreadyExists',
      conflictingEnumKey: 'l',
      conflictingAttributeName: 'size',
    });
    expect(
      await refusal(
        updateType(client, type, {
          action: 'addPlainEnumValue',
          attributeName: 'size',
          value: { key: 'l', label: 'Large' },
        }),
      ),
    ).toMatchObject({ code: 'DuplicateEnumValues', duplicates: ['l'] });
    expect(
      await refusal(
        updateType(client, type, {
          action: 'changePlainEnumValueOrder',
          attributeName: 'size',
          values: [{ key: 'l', label: 'L' }],
        }),
      ),
    ).toMatchObject({ code: 'EnumValuesMustMatch' });
  });
});
