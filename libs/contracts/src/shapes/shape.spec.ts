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
  integer,
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
});
