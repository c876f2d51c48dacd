import { validateDto } from '../validate.js';
import { StoreDraftDto } from './store.dto.js';

describe(StoreDraftDto.name, () => {
  const valid = (draft: unknown) => validateDto(StoreDraftDto, draft);

  it.each([
    [{ key: 'ab' }],
    [
      {
        key: 'berlin_store-1',
        name: { en: 'Berlin', de: 'Berlin' },
        languages: ['en'],
        countries: [{ code: 'DE' }],
      },
    ],
    [{ key: 'k1', distributionChannels: [{ typeId: 'channel', key: 'c1' }], supplyChannels: [{ id: 'x' }] }],
    [{ key: 'k1', productSelections: [{ productSelection: { key: 'ps' }, active: true }] }],
    [{ key: 'k1', custom: { type: { key: 't' }, fields: { a: 1 } } }],
  ])('accepts %j', (draft) => {
    expect(valid(draft).ok).toBe(true);
  });

  it.each([
    [{}, 'key'],
    [{ key: 'a' }, 'key'],
    [{ key: 'x'.repeat(257) }, 'key'],
    [{ key: 'with space' }, 'key must match'],
    [{ key: 'k1', name: 'Berlin' }, 'name'],
    [{ key: 'k1', name: { en: 1 } }, 'name'],
    [{ key: 'k1', languages: 'en' }, 'languages'],
    [
      { key: 'k1', distributionChannels: [{ typeId: 'channel', id: 'a', key: 'b' }] },
      'distributionChannels[0]',
    ],
    [{ key: 'k1', distributionChannels: [{ typeId: 'channel' }] }, 'exactly one of id or key'],
    [{ key: 'k1', supplyChannels: [{ typeId: 'store', key: 'b' }] }, "typeId must be 'channel'"],
    [{ key: 'k1', productSelections: [{ productSelection: { key: 'p' }, active: 'yes' }] }, 'active'],
    [{ key: 'k1', custom: { fields: {} } }, 'custom.type'],
  ])('rejects %j naming %s', (draft, fragment) => {
    const result = valid(draft);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join('\n')).toContain(fragment);
  });

  it('drops unknown fields instead of failing', () => {
    const result = valid({ key: 'k1', nmae: { en: 'typo' } });
    expect(result.ok && 'nmae' in result.value).toBe(false);
  });

  it('refuses deeply nested input without overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const result = valid({ key: 'k1', custom: { type: { key: 't' }, fields: { deep } } });
    expect(result.ok).toBe(false);
  });
});
