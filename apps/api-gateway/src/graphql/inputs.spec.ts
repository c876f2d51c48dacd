import { ApiError } from '@commerce/errors';
import { toRest, toRestAction, toRestUpdate } from './inputs.js';

describe('GraphQL inputs', () => {
  it('turns localized strings, custom fields and resource identifiers into REST JSON', () => {
    expect(
      toRest({
        key: 'berlin',
        name: [
          { locale: 'en', value: 'Berlin' },
          { locale: 'de', value: 'Berlin DE' },
        ],
        languages: ['en'],
        distributionChannels: [{ typeId: null, key: 'dc', id: null }],
        custom: { typeKey: 'store-type', fields: [{ name: 'size', value: '42' }] },
        countries: null,
      }),
    ).toEqual({
      key: 'berlin',
      name: { en: 'Berlin', de: 'Berlin DE' },
      languages: ['en'],
      distributionChannels: [{ key: 'dc' }],
      custom: { type: { typeId: 'type', key: 'store-type' }, fields: { size: 42 } },
    });
  });

  it("turns a discount's value and target in the live one-of form into REST's, and keeps REST's as it is", () => {
    expect(
      toRest({
        value: { relative: { permyriad: 1000 } },
        target: { shipping: { dummy: null } },
        other: { relative: { permyriad: 1 } },
      }),
    ).toEqual({
      value: { type: 'relative', permyriad: 1000 },
      target: { type: 'shipping' },
      other: { relative: { permyriad: 1 } },
    });
    expect(
      toRestAction({
        changeValue: { value: { absolute: { money: [{ currencyCode: 'EUR', centAmount: 5 }] } } },
      }),
    ).toEqual({
      action: 'changeValue',
      value: { type: 'absolute', money: [{ currencyCode: 'EUR', centAmount: 5 }] },
    });
    // REST's form, a standalone price's money, and two tags at once (refused by the service) stay as they are.
    const kept = [
      { value: { type: 'relative', permyriad: 5 } },
      { value: { currencyCode: 'EUR', centAmount: 5 } },
      { value: { relative: { permyriad: 5 }, absolute: { money: [] } } },
    ];
    for (const input of kept) expect(toRest(input)).toEqual(input);
  });

  it.each([
    [{ setName: { name: [{ locale: 'en', value: 'X' }] } }, { action: 'setName', name: { en: 'X' } }],
    [{ setName: { name: null } }, { action: 'setName' }],
    [
      { changeProductSelectionStatus: { productSelection: { key: 'ps' }, active: true } },
      { action: 'changeProductSelectionActive', productSelection: { key: 'ps' }, active: true },
    ],
    [
      { setCustomType: { typeId: 't1', fields: [{ name: 'a', value: '"x"' }] } },
      { action: 'setCustomType', type: { typeId: 'type', id: 't1' }, fields: { a: 'x' } },
    ],
    [{ setCustomType: {} }, { action: 'setCustomType' }],
    [
      { setCustomField: { name: 'a', value: '[1,2]' } },
      { action: 'setCustomField', name: 'a', value: [1, 2] },
    ],
    [{ setCustomField: { name: 'a', value: null } }, { action: 'setCustomField', name: 'a' }],
    [{ addCountry: { country: { code: 'DE' } } }, { action: 'addCountry', country: { code: 'DE' } }],
    [
      { setAddressCustomType: { addressId: 'a1', typeKey: 't', fields: [{ name: 'n', value: '"x"' }] } },
      {
        action: 'setAddressCustomType',
        addressId: 'a1',
        type: { typeId: 'type', key: 't' },
        fields: { n: 'x' },
      },
    ],
    [
      { setAddressCustomField: { addressId: 'a1', name: 'rank', value: '3' } },
      { action: 'setAddressCustomField', addressId: 'a1', name: 'rank', value: 3 },
    ],
    [
      { setGeoLocation: { geoLocation: { type: 'Point', coordinates: [1, 2] } } },
      { action: 'setGeoLocation', geoLocation: { type: 'Point', coordinates: [1, 2] } },
    ],
  ])('converts the action %j', (input, expected) => {
    expect(toRestAction(input)).toEqual(expected);
  });

  it.each([[{}], [{ setName: { name: null }, setLanguages: { languages: [] } }]])(
    'refuses an action input that does not set exactly one action: %j',
    (input) => {
      expect(() => toRestAction(input)).toThrow(ApiError);
    },
  );

  it("keeps keys named like Object.prototype's members as own keys, in JSON values too", () => {
    const names = ['__proto__', 'constructor', 'valueOf', 'toString', 'hasOwnProperty'];
    const rest = toRest({
      name: names.map((locale) => ({ locale, value: locale })),
      custom: { typeKey: 't', fields: names.map((name) => ({ name, value: '{"a": 1}' })) },
      value: JSON.parse('{"__proto__": {"a": 1}, "constructor": {"b": 2}}'),
    }) as Record<string, Record<string, unknown>>;
    expect(Object.keys(rest.name)).toEqual(names);
    expect(Object.keys(rest.custom.fields as object)).toEqual(names);
    expect(Object.keys(rest.value)).toEqual(['__proto__', 'constructor']);
    expect(JSON.stringify(rest.value)).toBe('{"__proto__":{"a":1},"constructor":{"b":2}}');
    expect(toRestAction({ valueOf: { x: 1 } })).toEqual({ action: 'valueOf', x: 1 });
  });

  it('refuses a custom field value that is not JSON', () => {
    expect(() => toRestAction({ setCustomField: { name: 'a', value: 'not json' } })).toThrow(
      /not valid JSON/,
    );
  });

  it('builds the REST update request', () => {
    expect(toRestUpdate(3, [{ setLanguages: { languages: ['en'] } }])).toEqual({
      version: 3,
      actions: [{ action: 'setLanguages', languages: ['en'] }],
    });
  });
});
