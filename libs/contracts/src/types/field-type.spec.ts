import { validateDto } from '../validate.js';
import { fieldTypeOf } from './field-type.js';
import { TypeDraftDto } from './type.dto.js';

describe(fieldTypeOf.name, () => {
  it.each([
    [{ name: 'String' }, { name: 'String' }],
    [{ name: 'Money', currency: 'EUR' }, { name: 'Money' }],
    [
      { name: 'Enum', values: [{ key: 'a', label: 'A', x: 1 }] },
      { name: 'Enum', values: [{ key: 'a', label: 'A' }] },
    ],
    [
      { name: 'LocalizedEnum', values: [{ key: 'a', label: { en: 'A' } }] },
      { name: 'LocalizedEnum', values: [{ key: 'a', label: { en: 'A' } }] },
    ],
    [
      { name: 'Reference', referenceTypeId: 'customer-group' },
      { name: 'Reference', referenceTypeId: 'customer-group' },
    ],
    [
      { name: 'Set', elementType: { name: 'Date' } },
      { name: 'Set', elementType: { name: 'Date' } },
    ],
  ])('accepts %j as a clean %j', (input, expected) => {
    expect(fieldTypeOf(input)).toEqual(expected);
  });

  it.each([
    [null],
    ['String'],
    [{ name: 'string' }],
    [{ name: 'Enum' }],
    [{ name: 'Enum', values: [{ key: 'a', label: 1 }] }],
    [{ name: 'Enum', values: [{ key: '', label: 'A' }] }],
    [
      {
        name: 'Enum',
        values: [
          { key: 'a', label: 'A' },
          { key: 'a', label: 'B' },
        ],
      },
    ],
    [{ name: 'LocalizedEnum', values: [{ key: 'a', label: 'A' }] }],
    [{ name: 'Reference' }],
    [{ name: 'Reference', referenceTypeId: 'Not A Type' }],
    [{ name: 'Set' }],
    [{ name: 'Set', elementType: { name: 'Set', elementType: { name: 'String' } } }],
  ])('refuses %j', (input) => {
    expect(fieldTypeOf(input)).toBeUndefined();
  });
});

describe(TypeDraftDto.name, () => {
  const draft = (fieldDefinitions: unknown[], extra: object = {}) => ({
    key: 'type-1',
    name: { en: 'T' },
    resourceTypeIds: ['store', 'channel'],
    fieldDefinitions,
    ...extra,
  });
  const field = (name: string, type: unknown = { name: 'String' }) => ({
    name,
    label: { en: 'L' },
    required: false,
    type,
  });

  it('accepts a valid draft', () => {
    expect(
      validateDto(
        TypeDraftDto,
        draft([
          field('ab'),
          field('x'.repeat(256)),
          field('a_long_field_name_of_more_than_fifty_characters_used_by_clients'),
          field('A_b-9'),
        ]),
      ).ok,
    ).toBe(true);
  });

  it.each([
    [draft([field('a')]), 'fieldDefinitions[0].name'],
    [draft([field('x'.repeat(257))]), 'fieldDefinitions[0].name'],
    [draft([field('with space')]), 'fieldDefinitions[0].name'],
    [draft([field('ok', { name: 'Nope' })]), 'fieldDefinitions[0].type'],
    [draft([{ name: 'ok', label: { en: 'L' }, type: { name: 'String' } }]), 'fieldDefinitions[0].required'],
    [draft([{ ...field('ok'), inputHint: 'Wide' }]), 'fieldDefinitions[0].inputHint'],
    [draft([], { resourceTypeIds: ['planet'] }), 'resourceTypeIds'],
    [draft([], { key: 'k' }), 'key'],
  ])('refuses %j naming %s', (input, path) => {
    const result = validateDto(TypeDraftDto, input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.join('\n')).toContain(path);
  });
});
