import type { CustomerGroup } from '@commerce/contracts';
import type { ReferenceResolver } from '@commerce/resources';
import { applyActions, base, ctx, errorOf, noDatabase } from '../../test/apply-actions.js';
import { defineCustomerGroup } from './customer-group.definition.js';

const definition = defineCustomerGroup({ resolver: {} as ReferenceResolver });
const group: CustomerGroup = { id: 'g1', ...base, key: 'gold', name: 'Gold' };

describe('CustomerGroup', () => {
  it('builds name from the draft groupName', async () => {
    expect(await definition.build({ groupName: 'Silver', key: 'silver' }, { ctx, db: noDatabase })).toEqual({
      key: 'silver',
      name: 'Silver',
    });
  });

  it('changes the name, sets and removes the key', async () => {
    const { resource } = await applyActions(definition.actions, group, [
      { action: 'changeName', name: 'Platinum' },
      { action: 'setKey' },
    ]);
    expect(resource).toMatchObject({ name: 'Platinum' });
    expect(resource).not.toHaveProperty('key');
  });

  it('refuses an empty name', async () => {
    expect(
      await errorOf(applyActions(definition.actions, group, [{ action: 'changeName', name: '' }])),
    ).toMatchObject({
      code: 'InvalidJsonInput',
    });
  });
});
