import type { Asset } from '@commerce/contracts';
import type { ReferenceResolver } from '@commerce/resources';
import { ctx, errorOf, noDatabase } from '../../test/apply-actions.js';
import { assetChanges, assetIndex, checkAssetKeys } from './assets.js';

const asset = (id: string, key?: string): Asset => ({
  id,
  sources: [],
  name: { en: id },
  ...(key ? { key } : {}),
});
const changes = assetChanges({} as ReferenceResolver);
const apply = async (name: string, assets: Asset[], action: object) => {
  const { prepare, change } = changes[name];
  const prepared = prepare ? await prepare(action, { ctx, db: noDatabase }, assets) : undefined;
  return change(assets, action, prepared);
};
const list = [asset('a', 'ka'), asset('b'), asset('c', 'kc')];

describe('asset changes', () => {
  it('adds at a position with a new id, and refuses a position past the end', async () => {
    const added = await apply('addAsset', list, { asset: { name: { en: 'n' }, sources: [] }, position: 1 });
    expect(added.map((a) => a.id)).toEqual(['a', expect.any(String), 'b', 'c']);
    expect(added[1].id).not.toMatch(/^[abc]$/);
    expect(
      await errorOf(apply('addAsset', list, { asset: { name: { en: 'n' }, sources: [] }, position: 4 })),
    ).toMatchObject({ code: 'InvalidOperation' });
  });

  it('reorders only with a permutation of every id', async () => {
    expect((await apply('changeAssetOrder', list, { assetOrder: ['c', 'a', 'b'] })).map((a) => a.id)).toEqual(
      ['c', 'a', 'b'],
    );
    for (const assetOrder of [
      ['a', 'b'],
      ['a', 'a', 'b'],
      ['a', 'b', 'x'],
    ]) {
      expect(await errorOf(apply('changeAssetOrder', list, { assetOrder }))).toMatchObject({
        code: 'InvalidOperation',
      });
    }
  });

  it('names an asset by id or key, and keeps keys unique', async () => {
    expect(assetIndex(list, { assetKey: 'kc' })).toBe(2);
    expect(assetIndex(list, { assetId: 'b' })).toBe(1);
    expect(await errorOf(Promise.resolve().then(() => assetIndex(list, {})))).toMatchObject({
      code: 'InvalidInput',
    });
    expect(await errorOf(apply('setAssetKey', list, { assetId: 'b', assetKey: 'ka' }))).toMatchObject({
      code: 'DuplicateField',
      field: 'assets.key',
    });
    expect(checkAssetKeys(list)).toBe(list);
    const removed = await apply('removeAsset', list, { assetKey: 'ka' });
    expect(removed.map((a) => a.id)).toEqual(['b', 'c']);
  });

  it('sets and removes optional fields', async () => {
    const tagged = await apply('setAssetTags', list, { assetId: 'a', tags: ['x'] });
    expect(tagged[0].tags).toEqual(['x']);
    expect(await apply('setAssetTags', tagged, { assetId: 'a' })).toEqual(list);
    const described = await apply('setAssetDescription', list, { assetKey: 'kc', description: { en: 'd' } });
    expect(described[2].description).toEqual({ en: 'd' });
  });
});
