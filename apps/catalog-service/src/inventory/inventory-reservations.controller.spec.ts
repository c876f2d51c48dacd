import type { InventoryReservations } from './inventory-reservations.js';
import { InventoryReservationsController } from './inventory-reservations.controller.js';
import { ctx, errorOf } from '../../test/apply-actions.js';

/** The controller with a reservations object that records what reached it. */
function controller() {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args.slice(1)]);
      return null;
    };
  const reservations = {
    reserve: record('reserve'),
    confirm: record('confirm'),
    release: record('release'),
  } as unknown as InventoryReservations;
  return { handlers: new InventoryReservationsController(reservations), calls };
}

describe(InventoryReservationsController.name, () => {
  it('passes validated requests on, without unknown fields', async () => {
    const { handlers, calls } = controller();
    const item = { sku: 's', quantity: 2, mode: 'ReserveOnOrder', lineItemId: 'li', extra: 1 };
    await handlers.reserve({ ctx, orderId: 'o1', items: [item] });
    await handlers.confirm({ ctx, orderId: 'o1' });
    await handlers.release({ ctx, orderId: 'o1' });
    expect(calls).toEqual([
      ['reserve', 'o1', [{ sku: 's', quantity: 2, mode: 'ReserveOnOrder', lineItemId: 'li' }]],
      ['confirm', 'o1'],
      ['release', 'o1'],
    ]);
  });

  it.each([
    [{ orderId: 'o1', items: [] }],
    [{ orderId: '', items: [{ sku: 's', quantity: 1, mode: 'TrackOnly' }] }],
    [{ orderId: 'o1', items: [{ sku: 's', quantity: 0, mode: 'TrackOnly' }] }],
    [{ orderId: 'o1', items: [{ sku: 's', quantity: 1, mode: 'None' }] }],
    [{ orderId: 'o1', items: 'all' }],
  ])('refuses a bad reserve request %j with 400 InvalidJsonInput, reaching nothing', async (request) => {
    const { handlers, calls } = controller();
    expect(await errorOf(Promise.resolve().then(() => handlers.reserve({ ctx, ...request })))).toMatchObject({
      code: 'InvalidJsonInput',
    });
    expect(calls).toEqual([]);
  });
});
