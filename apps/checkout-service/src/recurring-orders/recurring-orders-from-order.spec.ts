import type { Cart } from '@commerce/contracts';
import { recurringGroups } from './recurring-orders-from-order.js';

const info = (policy: string, mode?: 'Fixed' | 'Dynamic') => ({
  recurrencePolicy: { typeId: 'recurrence-policy' as const, id: policy },
  ...(mode ? { priceSelectionMode: mode } : {}),
});

describe('recurringGroups', () => {
  it('groups recurring items by policy and price selection mode (absent is Fixed); one-off items in none', () => {
    const cart = {
      lineItems: [
        { id: 'a', recurrenceInfo: info('p1', 'Fixed') },
        { id: 'b' },
        { id: 'c', recurrenceInfo: info('p2', 'Dynamic') },
        { id: 'd', recurrenceInfo: info('p1') },
        { id: 'e', recurrenceInfo: info('p1', 'Dynamic') },
      ],
      customLineItems: [{ id: 'f', recurrenceInfo: info('p2') }],
    } as unknown as Cart;
    const items = [...cart.lineItems, ...cart.customLineItems];
    const groups = recurringGroups(cart).map((group) => ({
      policyId: group.policyId,
      mode: group.mode,
      ids: items.filter(group.keep).map((item) => item.id),
    }));
    expect(groups).toEqual([
      { policyId: 'p1', mode: 'Fixed', ids: ['a', 'd'] },
      { policyId: 'p2', mode: 'Dynamic', ids: ['c'] },
      { policyId: 'p1', mode: 'Dynamic', ids: ['e'] },
      { policyId: 'p2', mode: 'Fixed', ids: ['f'] },
    ]);
  });

  it('has no group for a cart without recurring items', () => {
    expect(recurringGroups({ lineItems: [{ id: 'a' }], customLineItems: [] } as unknown as Cart)).toEqual([]);
  });
});
