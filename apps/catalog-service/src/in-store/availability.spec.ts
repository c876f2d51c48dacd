import type { ProductProjection, ProductVariant } from '@commerce/contracts';
import {
  availabilityScope,
  availableVariants,
  selectedVariants,
  withOnlyVariants,
  type AvailabilityScope,
  type SelectionEntry,
  type StoreSelection,
} from './availability.js';

const I = 'Individual' as const;
const X = 'IndividualExclusion' as const;
const setting = (selectionId: string, active: boolean, mode: typeof I | typeof X): StoreSelection => ({
  selectionId,
  active,
  mode,
});

describe(availabilityScope.name, () => {
  it.each<[string, StoreSelection[], AvailabilityScope]>([
    ['rule 1: no selections, every product', [], { kind: 'all' }],
    [
      'rule 2: all inactive, all IndividualExclusion',
      [setting('a', false, X), setting('b', false, X)],
      { kind: 'all' },
    ],
    [
      'rule 3: all inactive, one Individual',
      [setting('a', false, X), setting('b', false, I)],
      { kind: 'none' },
    ],
    ['rule 3: all inactive, all Individual', [setting('a', false, I)], { kind: 'none' }],
    [
      'rule 4: only the active ones count',
      [setting('a', true, I), setting('b', false, I), setting('c', true, X), setting('d', false, X)],
      { kind: 'selections', individual: ['a'], exclusion: ['c'] },
    ],
    [
      'rule 4: one active exclusion',
      [setting('a', false, I), setting('b', true, X)],
      { kind: 'selections', individual: [], exclusion: ['b'] },
    ],
  ])('%s', (_name, selections, expected) => {
    expect(availabilityScope(selections)).toEqual(expected);
  });

  /** Every Store with up to three selections, each active or not and of either mode. */
  function* stores(): Generator<StoreSelection[]> {
    const kinds = [setting('', true, I), setting('', false, I), setting('', true, X), setting('', false, X)];
    for (let size = 0; size <= 3; size++) {
      for (let n = 0; n < kinds.length ** size; n++) {
        yield Array.from({ length: size }, (_, i) => ({
          ...kinds[Math.floor(n / kinds.length ** i) % kinds.length],
          selectionId: `s${i}`,
        }));
      }
    }
  }

  it('follows the four rules for every combination of up to three selections', () => {
    let count = 0;
    for (const selections of stores()) {
      count++;
      const active = selections.filter((s) => s.active);
      const expected: AvailabilityScope =
        selections.length === 0
          ? { kind: 'all' }
          : active.length === 0
            ? selections.some((s) => s.mode === I)
              ? { kind: 'none' }
              : { kind: 'all' }
            : {
                kind: 'selections',
                individual: active.filter((s) => s.mode === I).map((s) => s.selectionId),
                exclusion: active.filter((s) => s.mode === X).map((s) => s.selectionId),
              };
      expect(availabilityScope(selections)).toEqual(expected);
    }
    expect(count).toBe(1 + 4 + 16 + 64);
  });
});

const v = (id: number, sku?: string) => ({ id, ...(sku ? { sku } : {}) });
const variants = [v(1, 's1'), v(2, 's2'), v(3, 's3'), v(4)];
const ids = (list: Array<{ id: number }> | undefined) => list?.map((variant) => variant.id);

describe(selectedVariants.name, () => {
  const skuSets = [[], ['s1'], ['s2', 's3'], ['s1', 's2', 's3'], ['s9'], ['s1', 's9']];

  it.each(skuSets)('includeOnly %j keeps exactly the listed SKUs', (...skus) => {
    const kept = selectedVariants(variants, { type: 'includeOnly', skus });
    expect(ids(kept)).toEqual(variants.filter((x) => x.sku && skus.includes(x.sku)).map((x) => x.id));
  });

  it.each(skuSets)('includeAllExcept %j keeps everything else, variants without SKU included', (...skus) => {
    const kept = selectedVariants(variants, { type: 'includeAllExcept', skus });
    expect(ids(kept)).toEqual(variants.filter((x) => !x.sku || !skus.includes(x.sku)).map((x) => x.id));
  });

  it('keeps every variant without a variant selection', () => {
    expect(selectedVariants(variants)).toEqual(variants);
  });
});

describe(availableVariants.name, () => {
  const scope = (individual: string[], exclusion: string[] = []): AvailabilityScope => ({
    kind: 'selections',
    individual,
    exclusion,
  });
  const only = (selectionId: string, ...skus: string[]): SelectionEntry => ({
    selectionId,
    variantSelection: { type: 'includeOnly', skus },
  });
  const except = (selectionId: string, ...skus: string[]): SelectionEntry => ({
    selectionId,
    variantSelection: { type: 'includeAllExcept', skus },
  });
  const excluded = (selectionId: string, ...skus: string[]): SelectionEntry =>
    skus.length > 0 ? { selectionId, variantExclusion: { skus } } : { selectionId };

  it.each<[string, AvailabilityScope, SelectionEntry[], number[] | undefined]>([
    ['all products: every variant', { kind: 'all' }, [], [1, 2, 3, 4]],
    ['no product', { kind: 'none' }, [{ selectionId: 'a' }], undefined],
    ['included without variant selection: every variant', scope(['a']), [{ selectionId: 'a' }], [1, 2, 3, 4]],
    ['not in any active Individual selection: absent', scope(['a']), [], undefined],
    ['in an inactive selection only: absent', scope(['a']), [{ selectionId: 'b' }], undefined],
    ['includeOnly: only those variants', scope(['a']), [only('a', 's2', 's3')], [2, 3]],
    ['includeOnly matching none: absent (behaviour 3)', scope(['a']), [only('a', 's9')], undefined],
    ['includeAllExcept: the others, also without SKU', scope(['a']), [except('a', 's1')], [2, 3, 4]],
    [
      'includeAllExcept every SKU: the variant without SKU',
      scope(['a']),
      [except('a', 's1', 's2', 's3')],
      [4],
    ],
    ['two selections: the union, in order', scope(['a', 'b']), [only('a', 's3'), only('b', 's1')], [1, 3]],
    [
      'two selections, one including all',
      scope(['a', 'b']),
      [only('a', 's3'), { selectionId: 'b' }],
      [1, 2, 3, 4],
    ],
    ['only exclusion selections, not excluded: every variant', scope([], ['x']), [], [1, 2, 3, 4]],
    [
      'excluded without variant exclusion: absent (behaviour 3)',
      scope([], ['x']),
      [excluded('x')],
      undefined,
    ],
    ['excluded with variant exclusion: the others', scope([], ['x']), [excluded('x', 's1')], [2, 3, 4]],
    [
      'included and excluded entirely: absent',
      scope(['a'], ['x']),
      [{ selectionId: 'a' }, excluded('x')],
      undefined,
    ],
    [
      'included, some variants excluded',
      scope(['a'], ['x']),
      [only('a', 's1', 's2'), excluded('x', 's1')],
      [2],
    ],
    [
      'included variants all excluded: absent',
      scope(['a'], ['x']),
      [only('a', 's1'), excluded('x', 's1')],
      undefined,
    ],
    ['excluded elsewhere only, not included: absent', scope(['a'], ['x']), [excluded('x', 's1')], undefined],
    ['two exclusions add up', scope([], ['x', 'y']), [excluded('x', 's1'), excluded('y', 's2')], [3, 4]],
    [
      'an inactive exclusion does not count',
      scope(['a']),
      [{ selectionId: 'a' }, excluded('y')],
      [1, 2, 3, 4],
    ],
  ])('%s', (_name, availability, entries, expected) => {
    expect(ids(availableVariants(availability, entries, variants))).toEqual(expected);
  });
});

describe(withOnlyVariants.name, () => {
  const variant = (id: number): ProductVariant => ({
    id,
    sku: `s${id}`,
    prices: [],
    images: [],
    attributes: [],
    assets: [],
  });
  const projection = {
    id: 'p',
    masterVariant: variant(1),
    variants: [variant(2), variant(3)],
  } as ProductProjection;

  it('keeps the master variant when it is selected', () => {
    const result = withOnlyVariants(projection, [variant(1), variant(3)]);
    expect(result.masterVariant.id).toBe(1);
    expect(ids(result.variants)).toEqual([3]);
  });

  it('makes the first selected variant the master when the master is not selected', () => {
    const result = withOnlyVariants(projection, [variant(2), variant(3)]);
    expect(result.masterVariant.id).toBe(2);
    expect(ids(result.variants)).toEqual([3]);
  });
});
