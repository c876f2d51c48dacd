import { api } from '../support/api.js';
import { customerGroupDraft, uniqueKey } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { newCustomerGroup, newType, ref, update, updateError } from './catalog-helpers.js';

describe('Customer groups', () => {
  it('take the draft groupName as name, unique per project (DuplicateField name)', async () => {
    const group = await newCustomerGroup();
    expect(group.name).toMatch(/^Group-/);
    expect(group).not.toHaveProperty('groupName');
    const duplicate = await api.post('customer-groups', customerGroupDraft({ groupName: group.name }));
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors[0]).toMatchObject({
      code: 'DuplicateField',
      field: 'name',
      duplicateValue: group.name,
    });
    const other = await newCustomerGroup();
    expect(
      (await updateError('customer-groups', other, { action: 'changeName', name: group.name })).error,
    ).toMatchObject({
      code: 'DuplicateField',
      field: 'name',
    });
  });

  it('changeName, setKey (absent removes it), setCustomType and setCustomField', async () => {
    const type = await newType(['customer-group']);
    let group = await newCustomerGroup();
    const name = uniqueKey('Gold');
    group = await update(
      'customer-groups',
      group,
      { action: 'changeName', name },
      { action: 'setCustomType', type: { typeId: 'type', id: type.id }, fields: { note: 'vip' } },
      { action: 'setCustomField', name: 'rank', value: 1 },
    );
    expect(group).toMatchObject({
      name,
      version: 2,
      custom: { type: ref(type, 'type'), fields: { note: 'vip', rank: 1 } },
    });
    group = await update(
      'customer-groups',
      group,
      { action: 'setKey' },
      { action: 'setCustomField', name: 'note' },
    );
    expect(group.key).toBeUndefined();
    expect(group.custom.fields).toEqual({ rank: 1 });
    const key = uniqueKey('group');
    group = await update('customer-groups', group, { action: 'setKey', key });
    expect((await api.get(`customer-groups/key=${key}`)).body.id).toBe(group.id);
  });

  it('need view_customer_groups to read and manage_customer_groups to write', async () => {
    const { projectKey } = await platform();
    const group = await newCustomerGroup();
    const viewer = await adminToken([`view_customer_groups:${projectKey}`]);
    expect((await http('GET', `/${projectKey}/customer-groups/${group.id}`, { token: viewer })).status).toBe(
      200,
    );
    expect(
      (await http('POST', `/${projectKey}/customer-groups`, { token: viewer, body: customerGroupDraft() }))
        .status,
    ).toBe(403);
    const manager = await adminToken([`manage_customer_groups:${projectKey}`]);
    expect(
      (await http('POST', `/${projectKey}/customer-groups`, { token: manager, body: customerGroupDraft() }))
        .status,
    ).toBe(201);
  });
});
