import { ApiError } from '@commerce/errors';
import { parseFacet, parseFilter } from './search-expression.js';

describe(parseFilter.name, () => {
  it.each([
    [
      'variants.attributes.color:"red"',
      {
        path: ['variants', 'attributes', 'color'],
        condition: { kind: 'values', values: [{ value: 'red' }] },
      },
    ],
    [
      'variants.attributes.color.key:"red","blue"',
      {
        path: ['variants', 'attributes', 'color', 'key'],
        condition: { kind: 'values', values: [{ value: 'red' }, { value: 'blue' }] },
      },
    ],
    [
      'variants.price.centAmount:range (100 to 200), (500 to *)',
      {
        path: ['variants', 'price', 'centAmount'],
        condition: {
          kind: 'ranges',
          ranges: [
            { from: 100, to: 200 },
            { from: 500, to: null },
          ],
        },
      },
    ],
    [
      'categories.id:subtree("c1"),"c2"',
      {
        path: ['categories', 'id'],
        condition: { kind: 'values', values: [{ subtree: 'c1' }, { value: 'c2' }] },
      },
    ],
    ['variants.sku:exists', { path: ['variants', 'sku'], condition: { kind: 'exists' } }],
    ['categories:missing', { path: ['categories'], condition: { kind: 'missing' } }],
    [
      'variants.attributes.size:-1.5,true',
      {
        path: ['variants', 'attributes', 'size'],
        condition: { kind: 'values', values: [{ value: -1.5 }, { value: true }] },
      },
    ],
    [
      'variants.attributes.x-y_2:"a \\"quoted\\" value"',
      {
        path: ['variants', 'attributes', 'x-y_2'],
        condition: { kind: 'values', values: [{ value: 'a "quoted" value' }] },
      },
    ],
  ])('parses %s', (text, expected) => {
    expect(parseFilter(text)).toEqual(expected);
  });

  it.each([
    'variants.attributes.color',
    'variants.attributes.color:',
    'variants.attributes.color:"red',
    'variants.price.centAmount:range (1 200)',
    'categories.id:subtree(c1)',
    'name:"a" extra',
    'a..b:"x"',
    'a:"x";drop',
  ])('refuses %s with InvalidInput', (text) => {
    let error: unknown;
    try {
      parseFilter(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toContain(text);
  });
});

describe(parseFacet.name, () => {
  it.each([
    ['categories.id', { path: ['categories', 'id'], countingProducts: false, name: 'categories.id' }],
    [
      'variants.attributes.color as colors counting products',
      {
        path: ['variants', 'attributes', 'color'],
        alias: 'colors',
        countingProducts: true,
        name: 'variants.attributes.color',
      },
    ],
    [
      'variants.price.centAmount:range (0 to 1000),(1000 to *) counting products as prices',
      {
        path: ['variants', 'price', 'centAmount'],
        condition: {
          kind: 'ranges',
          ranges: [
            { from: 0, to: 1000 },
            { from: 1000, to: null },
          ],
        },
        alias: 'prices',
        countingProducts: true,
        name: 'variants.price.centAmount:range (0 to 1000),(1000 to *)',
      },
    ],
    [
      'variants.attributes.color:"red" as red',
      {
        path: ['variants', 'attributes', 'color'],
        condition: { kind: 'values', values: [{ value: 'red' }] },
        alias: 'red',
        countingProducts: false,
        name: 'variants.attributes.color:"red"',
      },
    ],
  ])('parses %s', (text, expected) => {
    expect(parseFacet(text)).toEqual(expected);
  });

  it.each(['categories.id as', 'categories.id counting', 'categories.id as a as b'])('refuses %s', (text) => {
    expect(() => parseFacet(text)).toThrow(ApiError);
  });
});
