import type { BaseResource, CustomFields, LocalizedString, Reference } from '../common/types.js';
import { StoreShape, type Store } from '../stores/store.shape.js';
import {
  array,
  enumOf,
  type Infer,
  key,
  localizedString,
  map,
  nullable,
  object,
  objectTypes,
  optional,
  reference,
  resource,
  string,
  custom,
  datetime,
  integer,
  literal,
  masked,
  union,
} from './shape.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T => true as T;

const Widget = resource('Widget', {
  key: optional(key()),
  name: localizedString(),
  owner: reference('store'),
  tags: array(string()),
  mode: enumOf('WidgetMode', ['A', 'B']),
  counts: map(integer()),
  note: nullable(string()),
  parts: optional(array(object('WidgetPart', { label: string(), custom: optional(custom()) }))),
});

describe('resource shapes', () => {
  it('infer the type they describe, base fields included', () => {
    type Widget = Infer<typeof Widget>;
    type Expected = BaseResource & {
      key?: string;
      name: LocalizedString;
      owner: Reference<'store'>;
      tags: string[];
      mode: 'A' | 'B';
      counts: Record<string, number>;
      note: string | null;
      parts?: { label: string; custom?: CustomFields }[];
    };
    const widgetMatches: [Widget] extends [Expected] ? ([Expected] extends [Widget] ? true : false) : false =
      true;
    expect(widgetMatches).toBe(true);
    expect(assertType<Equal<Store['key'], string>>()).toBe(true);
    expect(assertType<Equal<Store['distributionChannels'], Reference<'channel'>[]>>()).toBe(true);
    // @ts-expect-error a Store's languages are required strings
    const wrong: Store['languages'] = [1];
    void wrong;
  });

  it('are plain data that name every nested object type once', () => {
    const names: string[] = [];
    objectTypes(StoreShape, (type) => names.push(type.name));
    expect(names).toEqual(['Store', 'StoreCountry', 'ProductSelectionSetting', 'Storefront']);
    expect(Widget.fields.key).toEqual({ kind: 'string', column: 'key', optional: true });
    expect(JSON.parse(JSON.stringify(StoreShape))).toEqual(StoreShape);
  });

  it('declare a resource without base fields, literals, masked secrets and unions of objects', () => {
    const Lock = resource(
      'Lock',
      {
        id: string({ column: 'id' }),
        openedAt: optional(datetime({ column: 'opened_at' })),
        code: masked(),
        mechanism: union('Mechanism', 'type', {
          Pin: object('PinMechanism', { pins: integer() }),
          Key: object('KeyMechanism', { key: optional(string()) }),
        }),
        shutter: literal('manual'),
      },
      { base: false },
    );
    type Lock = Infer<typeof Lock>;
    type Expected = {
      id: string;
      openedAt?: string;
      code: string;
      mechanism: { type: 'Pin'; pins: number } | { type: 'Key'; key?: string };
      shutter: 'manual';
    };
    expect(assertType<Equal<Lock, Expected>>()).toBe(true);
    expect(Lock.base).toBe(false);
    expect(resource('Open', {})).not.toHaveProperty('base');
    expect(Lock.fields.openedAt).toEqual({ kind: 'datetime', column: 'opened_at', optional: true });
    const names: string[] = [];
    objectTypes(Lock, (type) => names.push(`${type.kind}:${type.name}`));
    expect(names).toEqual(['resource:Lock', 'object:PinMechanism', 'object:KeyMechanism']);
    // The union gives each variant its discriminator, a literal of the variant's value.
    expect(Lock.fields.mechanism.variants.Pin).toEqual(
      object('PinMechanism', { type: literal('Pin'), pins: integer() }),
    );
    expect(Lock.fields.code).toEqual({ kind: 'string', masked: true });
    expect(() => union('Loose', 'type', { A: object('LooseA', { type: literal('A') }) })).toThrow(
      "Loose: LooseA declares 'type', which the union gives it",
    );
  });
});
