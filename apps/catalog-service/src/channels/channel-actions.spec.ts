import type { Channel } from '@commerce/contracts';
import type { ReferenceResolver } from '@commerce/resources';
import { applyActions, base, errorOf } from '../../test/apply-actions.js';
import { channelActions } from './channel-actions.js';
import { channelAddressActions } from './channel-address.js';

/** A resolver for actions that resolve nothing. */
const noResolver = {} as ReferenceResolver;
const actions = { ...channelActions, ...channelAddressActions(noResolver) };

const channel: Channel = { id: 'c1', ...base, key: 'berlin', roles: ['InventorySupply'] };
const apply = (raw: object[], from: Channel = channel) =>
  applyActions(actions, from, raw).then((r) => r.resource);

describe('Channel update actions', () => {
  it('adds roles once each, removes and sets them', async () => {
    const added = await apply([
      { action: 'addRoles', roles: ['ProductDistribution', 'InventorySupply', 'Primary'] },
    ]);
    expect(added.roles).toEqual(['InventorySupply', 'ProductDistribution', 'Primary']);
    expect((await apply([{ action: 'removeRoles', roles: ['InventorySupply'] }], added)).roles).toEqual([
      'ProductDistribution',
      'Primary',
    ]);
    expect((await apply([{ action: 'setRoles', roles: ['OrderExport'] }], added)).roles).toEqual([
      'OrderExport',
    ]);
  });

  it.each([
    [{ action: 'setRoles', roles: [] }, 'InvalidOperation'],
    [{ action: 'removeRoles', roles: ['InventorySupply'] }, 'InvalidOperation'],
    [{ action: 'addRoles', roles: ['Warehouse'] }, 'InvalidJsonInput'],
    [{ action: 'changeKey', key: 'a' }, 'InvalidJsonInput'],
    [
      { action: 'setGeoLocation', geoLocation: { type: 'Point', coordinates: [200, 10] } },
      'InvalidJsonInput',
    ],
    [
      { action: 'setGeoLocation', geoLocation: { type: 'Polygon', coordinates: [13.4, 52.5] } },
      'InvalidJsonInput',
    ],
    [{ action: 'setAddress', address: { city: 'Berlin' } }, 'InvalidJsonInput'],
    [{ action: 'setAddressCustomType' }, 'InvalidOperation'],
    [{ action: 'setAddressCustomField', name: 'floor', value: 2 }, 'InvalidOperation'],
  ])('refuses %j with %s', async (raw, code) => {
    expect(await errorOf(apply([raw]))).toMatchObject({ code });
  });

  it('changes key, name and description', async () => {
    const result = await apply([
      { action: 'changeKey', key: 'berlin-2' },
      { action: 'changeName', name: { en: 'Berlin' } },
      { action: 'changeDescription', description: { en: 'Warehouse' } },
    ]);
    expect(result).toMatchObject({
      key: 'berlin-2',
      name: { en: 'Berlin' },
      description: { en: 'Warehouse' },
    });
  });

  it('sets and removes address and geo location', async () => {
    const result = await apply([
      { action: 'setAddress', address: { country: 'DE', city: 'Berlin', unknownField: 1 } },
      { action: 'setGeoLocation', geoLocation: { type: 'Point', coordinates: [13.4, 52.5] } },
    ]);
    expect(result.address).toEqual({ country: 'DE', city: 'Berlin' });
    expect(result.geoLocation).toEqual({ type: 'Point', coordinates: [13.4, 52.5] });
    const removed = await apply([{ action: 'setAddress' }, { action: 'setGeoLocation' }], result);
    expect(removed).not.toHaveProperty('address');
    expect(removed).not.toHaveProperty('geoLocation');
  });
});
