import { ApiError } from '@commerce/errors';
import { parseExpand } from './expand-path.js';
import { expandReferences, referenceKey, type ReferenceKey } from './expand-references.js';

type Json = Record<string, unknown>;

const ref = (typeId: string, id: string) => ({ typeId, id });

/** A fake store of referenced resources that records every call. */
function fakeFetch(resources: Json[]) {
  const byKey = new Map(resources.map((r) => [referenceKey(r as unknown as ReferenceKey), r]));
  const calls: string[][] = [];
  const fetch = async (refs: ReferenceKey[]) => {
    calls.push(refs.map(referenceKey));
    return new Map(
      refs
        .filter((r) => byKey.has(referenceKey(r)))
        .map((r) => [referenceKey(r), byKey.get(referenceKey(r))]),
    );
  };
  return { fetch, calls };
}

const type1 = { typeId: 'type', id: 't1', key: 'channel-type' };
const channel1 = {
  typeId: 'channel',
  id: 'c1',
  key: 'berlin',
  custom: { type: ref('type', 't1'), fields: {} },
};
const channel2 = {
  typeId: 'channel',
  id: 'c2',
  key: 'munich',
  custom: { type: ref('type', 't1'), fields: {} },
};
const group = { typeId: 'customer-group', id: 'g1', name: 'VIP', custom: { type: ref('type', 't1') } };
const category = (id: string, parent?: string) => ({
  typeId: 'category',
  id,
  ...(parent ? { parent: ref('category', parent) } : {}),
});
const store = fakeFetch([
  type1,
  channel1,
  channel2,
  group,
  category('a', 'b'),
  category('b', 'c'),
  category('c', 'd'),
  category('d'),
]);

async function expand(
  resources: Json[],
  paths: string[],
  source = fakeFetch([type1, channel1, channel2, group]),
) {
  const result = await expandReferences(resources, parseExpand(paths), source.fetch);
  return { result, calls: source.calls };
}

describe(expandReferences.name, () => {
  it('expands a reference field into a deep copy of the referenced resource', async () => {
    const input = [{ id: 's1', customerGroup: ref('customer-group', 'g1') }];
    const before = structuredClone(input);
    const { result, calls } = await expand(input, ['customerGroup']);
    expect(result).toEqual([{ id: 's1', customerGroup: { ...ref('customer-group', 'g1'), obj: group } }]);
    expect(calls).toEqual([['customer-group:g1']]);
    expect(input).toEqual(before);
    expect(result[0]).not.toBe(input[0]);
    expect((result[0].customerGroup as Json).obj).not.toBe(group);
  });

  it('never shares one expanded object between two references', async () => {
    const { result } = await expand([{ a: ref('channel', 'c1'), b: [ref('channel', 'c1')] }], ['a', 'b[*]']);
    const [first] = result as { a: Json; b: Json[] }[];
    expect(first.a.obj).toEqual(channel1);
    expect(first.a.obj).not.toBe(first.b[0].obj);
  });

  it.each<[string, Json, Json]>([
    [
      'refs[*]',
      { refs: [ref('channel', 'c1'), ref('channel', 'c2')] },
      {
        refs: [
          { ...ref('channel', 'c1'), obj: channel1 },
          { ...ref('channel', 'c2'), obj: channel2 },
        ],
      },
    ],
    [
      'refs[1]',
      { refs: [ref('channel', 'c1'), ref('channel', 'c2')] },
      { refs: [ref('channel', 'c1'), { ...ref('channel', 'c2'), obj: channel2 }] },
    ],
    ['refs[5]', { refs: [ref('channel', 'c1')] }, { refs: [ref('channel', 'c1')] }],
    [
      'custom.type',
      { custom: { type: ref('type', 't1') } },
      { custom: { type: { ...ref('type', 't1'), obj: type1 } } },
    ],
    [
      'productSelections[*].productSelection',
      { productSelections: [{ productSelection: ref('channel', 'c1'), active: true }, { active: false }] },
      {
        productSelections: [
          { productSelection: { ...ref('channel', 'c1'), obj: channel1 }, active: true },
          { active: false },
        ],
      },
    ],
    [
      'nested[*][*].ref',
      { nested: [[{ ref: ref('type', 't1') }], [{ ref: ref('channel', 'c2') }, { other: 1 }]] },
      {
        nested: [
          [{ ref: { ...ref('type', 't1'), obj: type1 } }],
          [{ ref: { ...ref('channel', 'c2'), obj: channel2 } }, { other: 1 }],
        ],
      },
    ],
    [
      'custom.fields.store',
      { custom: { fields: { store: ref('channel', 'c1') } } },
      { custom: { fields: { store: { ...ref('channel', 'c1'), obj: channel1 } } } },
    ],
    [
      'custom.fields.stores[*]',
      { custom: { fields: { stores: [ref('channel', 'c1')] } } },
      { custom: { fields: { stores: [{ ...ref('channel', 'c1'), obj: channel1 }] } } },
    ],
    [
      'masterVariant.attributes[*].value',
      {
        masterVariant: {
          attributes: [
            { name: 'a', value: ref('type', 't1') },
            { name: 'b', value: 'text' },
          ],
        },
      },
      {
        masterVariant: {
          attributes: [
            { name: 'a', value: { ...ref('type', 't1'), obj: type1 } },
            { name: 'b', value: 'text' },
          ],
        },
      },
    ],
    [
      'variants[*].attributes[*].value[*]',
      { variants: [{ attributes: [{ value: [ref('type', 't1'), ref('channel', 'zz')] }] }] },
      {
        variants: [{ attributes: [{ value: [{ ...ref('type', 't1'), obj: type1 }, ref('channel', 'zz')] }] }],
      },
    ],
  ])('expands %s', async (path, input, expected) => {
    expect((await expand([input], [path])).result).toEqual([expected]);
  });

  it('continues through an expanded reference without an obj segment, fetching once per level', async () => {
    const input = [
      { id: 's1', distributionChannels: [ref('channel', 'c1'), ref('channel', 'c2')] },
      { id: 's2', distributionChannels: [ref('channel', 'c1')], customerGroup: ref('customer-group', 'g1') },
    ];
    const { result, calls } = await expand(input, ['distributionChannels[*].custom.type', 'customerGroup']);
    expect(calls).toEqual([['channel:c1', 'channel:c2', 'customer-group:g1'], ['type:t1']]);
    const channels = result.map((s) =>
      (s.distributionChannels as { obj: { custom: { type: Json } } }[]).map((c) => c.obj),
    );
    expect(channels[0][0].custom.type.obj).toEqual(type1);
    expect(channels[0][1].custom.type.obj).toEqual(type1);
    expect(channels[1][0].custom.type.obj).toEqual(type1);
    expect(channels[0][0]).not.toBe(channels[1][0]);
    expect((result[1].customerGroup as Json).obj).toEqual(group);
  });

  it('accepts an explicit obj segment', async () => {
    const { result, calls } = await expand([{ c: ref('channel', 'c1') }], ['c.obj.custom.type', 'c.obj']);
    expect(calls).toEqual([['channel:c1'], ['type:t1']]);
    expect(result[0]).toEqual({
      c: {
        ...ref('channel', 'c1'),
        obj: { ...channel1, custom: { type: { ...ref('type', 't1'), obj: type1 }, fields: {} } },
      },
    });
  });

  it('expands the same reference once when several paths reach it', async () => {
    const { result, calls } = await expand([{ g: ref('customer-group', 'g1') }], ['g', 'g.custom.type', 'g']);
    expect(calls).toEqual([['customer-group:g1'], ['type:t1']]);
    expect(result[0]).toEqual({
      g: {
        ...ref('customer-group', 'g1'),
        obj: { ...group, custom: { type: { ...ref('type', 't1'), obj: type1 } } },
      },
    });
  });

  it('leaves references it cannot expand as they are, and never fetches for nothing', async () => {
    const input = [
      {
        missing: ref('channel', 'nope'),
        text: 'x',
        list: [ref('channel', 'c1')],
        keyRef: { typeId: 'channel', key: 'berlin' },
        badId: { typeId: 'channel', id: 5 },
        nullRef: null,
      },
    ];
    const { result, calls } = await expand(input, [
      'missing.custom.type',
      'text',
      'list',
      'keyRef',
      'badId',
      'nullRef',
      'absent[*].x',
      'text.deeper',
      'list[*].nothing.here',
    ]);
    expect(calls).toEqual([['channel:nope', 'channel:c1']]);
    expect(result).toEqual([{ ...input[0], list: [{ ...ref('channel', 'c1'), obj: channel1 }] }]);
  });

  it('does not set obj from a fetch answer that is not an object', async () => {
    const fetch = async (refs: ReferenceKey[]) =>
      new Map<string, unknown>(refs.map((r) => [referenceKey(r), 'oops']));
    const result = await expandReferences([{ a: ref('x', '1') }], parseExpand(['a']), fetch);
    expect(result).toEqual([{ a: ref('x', '1') }]);
  });

  it('does not call fetch without paths or references', async () => {
    const { result, calls } = await expand([{ id: 'x' }], []);
    expect(result).toEqual([{ id: 'x' }]);
    const second = await expand([{ id: 'x' }], ['customerGroup']);
    expect([calls, second.calls]).toEqual([[], []]);
  });

  it('expands up to three levels of references', async () => {
    store.calls.length = 0;
    const result = await expandReferences(
      [{ parent: ref('category', 'a') }],
      parseExpand(['parent.parent.parent']),
      store.fetch,
    );
    expect(store.calls).toEqual([['category:a'], ['category:b'], ['category:c']]);
    const level3 = (((result[0].parent as Json).obj as Json).parent as Json).obj as Json;
    expect((level3.parent as Json).obj).toEqual(category('c', 'd'));
  });

  it('rejects a path reaching a fourth level of references with a 400', async () => {
    const attempt = expandReferences(
      [{ parent: ref('category', 'a') }],
      parseExpand(['parent.parent.parent.parent']),
      store.fetch,
    );
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({
      status: 400,
      message:
        "Malformed parameter: expand: The expansion path 'parent.parent.parent.parent' goes through more than 3 references.",
    });
  });
});
