import type { FieldDefinition, TypeDraft } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { typeDraft } from '../support/factories.js';
import { sdk } from '../support/sdk.js';

const field = (name: string): FieldDefinition => ({
  name,
  label: { en: 'Label' },
  required: false,
  type: { name: 'String' },
});

describe('Type field definition names: the pattern ^[A-Za-z0-9_-]+$, 2 to 256 characters', () => {
  it('creates a Type with names of 50+ and of 256 characters through the SDK', async () => {
    const client = await sdk();
    const names = ['order_confirmation_external_reference_number_from_erp_system', 'x'.repeat(256)];
    const draft = typeDraft(['channel'], { fieldDefinitions: names.map(field) }) as TypeDraft;
    const created = await client.types().post({ body: draft }).execute();
    expect(created.statusCode).toBe(201);
    expect(created.body.fieldDefinitions.map(({ name }) => name)).toEqual(names);
  });

  it('adds a field definition with a long name through addFieldDefinition', async () => {
    const type = await api.create('types', typeDraft(['channel']));
    const name = 'a-field-name-of-sixty-characters-that-the-live-api-accepts-00';
    const updated = await api.update(`types/${type.id}`, type.version, [
      { action: 'addFieldDefinition', fieldDefinition: field(name) },
    ]);
    expect(updated.fieldDefinitions.map((f: FieldDefinition) => f.name)).toContain(name);
  });

  it.each([['x'.repeat(257)], ['a'], ['with space'], ['dots.are.not.allowed']])(
    'refuses the name %j with 400 InvalidJsonInput',
    async (name) => {
      const response = await api.post('types', typeDraft(['channel'], { fieldDefinitions: [field(name)] }));
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({
        code: 'InvalidJsonInput',
        detailedErrorMessage: expect.stringContaining('fieldDefinitions[0].name'),
      });
    },
  );
});
