import type { Type } from '@commerce/contracts';
import { applyActions, base, errorOf } from '../../test/apply-actions.js';
import { typeBasicActions } from './type-basic-actions.js';
import { typeEnumActions } from './type-enum-actions.js';

const actions = { ...typeBasicActions, ...typeEnumActions };
const type: Type = {
  id: 't1',
  ...base,
  key: 'fields',
  name: { en: 'Fields' },
  resourceTypeIds: ['store'],
  fieldDefinitions: [
    { name: 'region', label: { en: 'Region' }, required: false, type: { name: 'String' } },
    {
      name: 'size',
      label: { en: 'Size' },
      required: false,
      type: {
        name: 'Enum',
        values: [
          { key: 's', label: 'S' },
          { key: 'm', label: 'M' },
        ],
      },
    },
    {
      name: 'colors',
      label: { en: 'Colors' },
      required: false,
      type: {
        name: 'Set',
        elementType: { name: 'LocalizedEnum', values: [{ key: 'red', label: { en: 'Red' } }] },
      },
    },
  ],
};
const apply = (raw: object[]) => applyActions(actions, type, raw).then((r) => r.resource);
const field = (result: Type, name: string) => result.fieldDefinitions.find((f) => f.name === name)!;

describe('Type update actions', () => {
  it('changes name and key, sets and removes the description', async () => {
    const result = await apply([
      { action: 'changeName', name: { en: 'New' } },
      { action: 'changeKey', key: 'new-key' },
      { action: 'setDescription', description: { en: 'About' } },
    ]);
    expect(result).toMatchObject({ name: { en: 'New' }, key: 'new-key', description: { en: 'About' } });
    expect(
      await applyActions(actions, result, [{ action: 'setDescription' }]).then((r) => r.resource),
    ).not.toHaveProperty('description');
  });

  it('adds a field definition with a clean field type, and refuses a duplicate name', async () => {
    const definition = {
      name: 'count',
      label: { en: 'Count' },
      required: true,
      type: { name: 'Number', extra: 1 },
    };
    const result = await apply([{ action: 'addFieldDefinition', fieldDefinition: definition }]);
    expect(field(result, 'count')).toEqual({
      name: 'count',
      label: { en: 'Count' },
      required: true,
      type: { name: 'Number' },
    });
    const duplicate = { ...definition, name: 'region' };
    expect(
      await errorOf(apply([{ action: 'addFieldDefinition', fieldDefinition: duplicate }])),
    ).toMatchObject({
      code: 'DuplicateField',
      duplicateValue: 'region',
    });
  });

  it.each([['a'], ['x'.repeat(257)], ['with space'], ['ümlaut']])(
    'refuses the field name %j (2 to 256 of [A-Za-z0-9_-])',
    async (name) => {
      const definition = { name, label: { en: 'L' }, required: false, type: { name: 'String' } };
      expect(
        await errorOf(apply([{ action: 'addFieldDefinition', fieldDefinition: definition }])),
      ).toMatchObject({
        code: 'InvalidJsonInput',
      });
    },
  );

  it('removes a field definition; a missing one is InvalidOperation', async () => {
    const result = await apply([{ action: 'removeFieldDefinition', fieldName: 'region' }]);
    expect(result.fieldDefinitions.map((f) => f.name)).toEqual(['size', 'colors']);
    expect(await errorOf(apply([{ action: 'removeFieldDefinition', fieldName: 'nope' }]))).toMatchObject({
      code: 'InvalidOperation',
    });
  });

  it('changes a label and an input hint', async () => {
    const result = await apply([
      { action: 'changeLabel', fieldName: 'region', label: { en: 'Area' } },
      { action: 'changeInputHint', fieldName: 'region', inputHint: 'MultiLine' },
    ]);
    expect(field(result, 'region')).toMatchObject({ label: { en: 'Area' }, inputHint: 'MultiLine' });
  });

  it('reorders field definitions only with every name exactly once', async () => {
    const result = await apply([
      { action: 'changeFieldDefinitionOrder', fieldNames: ['colors', 'region', 'size'] },
    ]);
    expect(result.fieldDefinitions.map((f) => f.name)).toEqual(['colors', 'region', 'size']);
    for (const fieldNames of [
      ['colors', 'region'],
      ['colors', 'region', 'region'],
      ['colors', 'region', 'x'],
    ]) {
      expect(await errorOf(apply([{ action: 'changeFieldDefinitionOrder', fieldNames }]))).toMatchObject({
        code: 'InvalidOperation',
      });
    }
  });

  it('adds, relabels, reorders and removes enum values', async () => {
    const result = await apply([
      { action: 'addEnumValue', fieldName: 'size', value: { key: 'l', label: 'L' } },
      { action: 'changeEnumValueLabel', fieldName: 'size', value: { key: 's', label: 'Small' } },
      { action: 'changeEnumValueOrder', fieldName: 'size', keys: ['l', 'm', 's'] },
      { action: 'removeEnumValues', fieldName: 'size', keys: ['m'] },
    ]);
    expect(field(result, 'size').type).toEqual({
      name: 'Enum',
      values: [
        { key: 'l', label: 'L' },
        { key: 's', label: 'Small' },
      ],
    });
  });

  it('changes localized enum values also as the element type of a Set', async () => {
    const result = await apply([
      { action: 'addLocalizedEnumValue', fieldName: 'colors', value: { key: 'blue', label: { en: 'Blue' } } },
      {
        action: 'changeLocalizedEnumValueLabel',
        fieldName: 'colors',
        value: { key: 'red', label: { en: 'Crimson' } },
      },
      { action: 'changeLocalizedEnumValueOrder', fieldName: 'colors', keys: ['blue', 'red'] },
      { action: 'removeLocalizedEnumValues', fieldName: 'colors', keys: ['red'] },
    ]);
    expect(field(result, 'colors').type).toEqual({
      name: 'Set',
      elementType: { name: 'LocalizedEnum', values: [{ key: 'blue', label: { en: 'Blue' } }] },
    });
  });

  it.each([
    [{ action: 'addEnumValue', fieldName: 'size', value: { key: 's', label: 'again' } }, 'DuplicateField'],
    [{ action: 'addEnumValue', fieldName: 'region', value: { key: 'x', label: 'X' } }, 'InvalidOperation'],
    [
      { action: 'addLocalizedEnumValue', fieldName: 'size', value: { key: 'x', label: { en: 'X' } } },
      'InvalidOperation',
    ],
    [
      { action: 'changeEnumValueLabel', fieldName: 'size', value: { key: 'x', label: 'X' } },
      'InvalidOperation',
    ],
    [{ action: 'removeEnumValues', fieldName: 'size', keys: ['x'] }, 'InvalidOperation'],
    [{ action: 'addEnumValue', fieldName: 'nope', value: { key: 'x', label: 'X' } }, 'InvalidOperation'],
  ])('refuses %j with %s', async (raw, code) => {
    expect(await errorOf(apply([raw]))).toMatchObject({ code });
  });
});
