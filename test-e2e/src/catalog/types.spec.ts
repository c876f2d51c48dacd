import { api } from '../support/api.js';
import { typeDraft, uniqueKey } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { newChannel, newType, update, updateError } from './catalog-helpers.js';

const field = (name: string, type: object, extra: object = {}) => ({
  name,
  label: { en: name },
  required: false,
  type,
  ...extra,
});

describe('Types', () => {
  it('validate field definitions: names of 2 to 256 of [A-Za-z0-9_-], known field types, unique names', async () => {
    for (const fieldDefinitions of [
      [field('a', { name: 'String' })],
      [field('x'.repeat(257), { name: 'String' })],
      [field('with space', { name: 'String' })],
      [field('ok', { name: 'Text' })],
      [field('ok', { name: 'Enum', values: [{ key: 'a' }] })],
      [field('ok', { name: 'Set', elementType: { name: 'Set', elementType: { name: 'String' } } })],
    ]) {
      const response = await api.post('types', typeDraft(['channel'], { fieldDefinitions }));
      expect(response.status).toBe(400);
      expect(response.body.errors[0].code).toBe('InvalidJsonInput');
    }
    const duplicate = await api.post(
      'types',
      typeDraft(['channel'], {
        fieldDefinitions: [field('ab', { name: 'String' }), field('ab', { name: 'Number' })],
      }),
    );
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', duplicateValue: 'ab' });
    const ok = await api.post(
      'types',
      typeDraft(['channel'], { fieldDefinitions: [field('x'.repeat(256), { name: 'Money' })] }),
    );
    expect(ok.status).toBe(201);
  });

  it('changeName, changeKey, setDescription, addFieldDefinition, removeFieldDefinition, changeLabel, changeInputHint, changeFieldDefinitionOrder', async () => {
    let type = await newType(['channel']);
    const key = uniqueKey('type');
    type = await update(
      'types',
      type,
      { action: 'changeName', name: { en: 'Renamed' } },
      { action: 'changeKey', key },
      { action: 'setDescription', description: { en: 'About' } },
      { action: 'addFieldDefinition', fieldDefinition: field('flag', { name: 'Boolean' }) },
      { action: 'changeLabel', fieldName: 'flag', label: { en: 'Flag' } },
      { action: 'changeInputHint', fieldName: 'note', inputHint: 'MultiLine' },
      { action: 'changeFieldDefinitionOrder', fieldNames: ['flag', 'rank', 'note'] },
      { action: 'removeFieldDefinition', fieldName: 'rank' },
    );
    expect(type).toMatchObject({ key, name: { en: 'Renamed' }, description: { en: 'About' }, version: 2 });
    expect(type.fieldDefinitions).toEqual([
      { name: 'flag', label: { en: 'Flag' }, required: false, type: { name: 'Boolean' } },
      {
        name: 'note',
        label: { en: 'Note' },
        required: false,
        type: { name: 'String' },
        inputHint: 'MultiLine',
      },
    ]);
    expect(
      (await updateError('types', type, { action: 'removeFieldDefinition', fieldName: 'rank' })).error.code,
    ).toBe('InvalidOperation');
    expect(
      (await updateError('types', type, { action: 'changeFieldDefinitionOrder', fieldNames: ['note'] })).error
        .code,
    ).toBe('InvalidOperation');
    type = await update('types', type, { action: 'setDescription' });
    expect(type.description).toBeUndefined();
  });

  it('addEnumValue, addLocalizedEnumValue and the other enum value actions', async () => {
    let type = await newType(['channel'], {
      fieldDefinitions: [
        field('size', { name: 'Enum', values: [{ key: 's', label: 'S' }] }),
        field('colors', {
          name: 'Set',
          elementType: { name: 'LocalizedEnum', values: [{ key: 'red', label: { en: 'Red' } }] },
        }),
      ],
    });
    type = await update(
      'types',
      type,
      { action: 'addEnumValue', fieldName: 'size', value: { key: 'm', label: 'M' } },
      { action: 'changeEnumValueLabel', fieldName: 'size', value: { key: 's', label: 'Small' } },
      { action: 'changeEnumValueOrder', fieldName: 'size', keys: ['m', 's'] },
      { action: 'addLocalizedEnumValue', fieldName: 'colors', value: { key: 'blue', label: { en: 'Blue' } } },
      {
        action: 'changeLocalizedEnumValueLabel',
        fieldName: 'colors',
        value: { key: 'red', label: { en: 'Crimson' } },
      },
      { action: 'changeLocalizedEnumValueOrder', fieldName: 'colors', keys: ['blue', 'red'] },
      { action: 'removeLocalizedEnumValues', fieldName: 'colors', keys: ['red'] },
      { action: 'removeEnumValues', fieldName: 'size', keys: ['s'] },
    );
    expect(type.fieldDefinitions.map((f: { type: unknown }) => f.type)).toEqual([
      { name: 'Enum', values: [{ key: 'm', label: 'M' }] },
      {
        name: 'Set',
        elementType: { name: 'LocalizedEnum', values: [{ key: 'blue', label: { en: 'Blue' } }] },
      },
    ]);
    expect(
      (
        await updateError('types', type, {
          action: 'addEnumValue',
          fieldName: 'size',
          value: { key: 'm', label: 'M' },
        })
      ).error.code,
    ).toBe('DuplicateField');
    expect(
      (
        await updateError('types', type, {
          action: 'addEnumValue',
          fieldName: 'colors',
          value: { key: 'x', label: 'X' },
        })
      ).error.code,
    ).toBe('InvalidOperation');
  });

  it('check custom fields of the resources that use them, and can not be deleted while in use', async () => {
    const type = await newType(['channel'], {
      fieldDefinitions: [field('rank', { name: 'Number' }, { required: true })],
    });
    const draft = (fields: object) => ({
      key: uniqueKey('channel'),
      custom: { type: { key: type.key }, fields },
    });
    expect((await api.post('channels', draft({}))).body.errors[0]).toMatchObject({
      code: 'RequiredField',
      field: 'rank',
    });
    expect((await api.post('channels', draft({ rank: 'one' }))).body.errors[0]).toMatchObject({
      code: 'InvalidField',
      field: 'rank',
    });
    expect((await api.post('channels', draft({ rank: 1, other: 2 }))).body.errors[0].code).toBe(
      'InvalidField',
    );
    const wrongResource = await newType(['order']);
    const refused = await api.post('channels', {
      key: uniqueKey('channel'),
      custom: { type: { key: wrongResource.key } },
    });
    expect(refused.body.errors[0].code).toBe('InvalidOperation');
    const channel = await api.create('channels', draft({ rank: 1 }));
    const inUse = await api.delete(`types/${type.id}?version=${type.version}`);
    expect(inUse.status).toBe(400);
    expect(inUse.body.errors[0]).toMatchObject({ code: 'ReferenceExists', referencedBy: 'channel' });
    await update('channels', channel, { action: 'setCustomType' });
    expect((await api.delete(`types/${type.id}?version=${type.version}`)).status).toBe(200);
    await newChannel();
  });

  it('need view_types to read and manage_types to write', async () => {
    const { projectKey } = await platform();
    const type = await newType(['channel']);
    const viewer = await adminToken([`view_types:${projectKey}`]);
    expect((await http('GET', `/${projectKey}/types/${type.id}`, { token: viewer })).status).toBe(200);
    expect(
      (await http('POST', `/${projectKey}/types`, { token: viewer, body: typeDraft(['channel']) })).status,
    ).toBe(403);
    const manager = await adminToken([`manage_types:${projectKey}`]);
    expect(
      (await http('POST', `/${projectKey}/types`, { token: manager, body: typeDraft(['channel']) })).status,
    ).toBe(201);
  });
});
