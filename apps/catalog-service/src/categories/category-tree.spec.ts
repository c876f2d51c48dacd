import type { Category } from '@commerce/contracts';
import { base, errorOf } from '../../test/apply-actions.js';
import { defaultOrderHint } from './category.definition.js';
import { checkNoCycle, placementUnder } from './category-tree.js';

const category = (id: string, ancestors: string[] = []): Category => ({
  id,
  ...base,
  name: { en: id },
  slug: { en: id },
  ancestors: ancestors.map((a) => ({ typeId: 'category', id: a })),
  orderHint: '0.5',
  assets: [],
});

describe('category tree', () => {
  it('places a category below its parent, the root path first', () => {
    expect(placementUnder(category('c', ['a', 'b']))).toEqual({
      parent: { typeId: 'category', id: 'c' },
      ancestors: ['a', 'b', 'c'].map((id) => ({ typeId: 'category', id })),
    });
  });

  it('refuses to move a category below itself or a descendant', async () => {
    const moved = category('b', ['a']);
    expect(() => checkNoCycle(moved, category('x'))).not.toThrow();
    for (const parent of [moved, category('d', ['a', 'b', 'c'])]) {
      expect(await errorOf(Promise.resolve().then(() => checkNoCycle(moved, parent)))).toMatchObject({
        code: 'InvalidOperation',
      });
    }
  });

  it('gives an order hint between 0 and 1 that grows with time', () => {
    const [earlier, later] = [defaultOrderHint(1_700_000_000_000), defaultOrderHint(1_800_000_000_000)];
    expect(earlier).toMatch(/^0\.\d+$/);
    expect(Number(earlier)).toBeLessThan(Number(later));
  });
});
