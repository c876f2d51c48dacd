import type { ClaimedOperation } from '../operations/operations.repository.js';
import { eachLimited, groupsOf } from './import-worker.js';

const claimed = (
  id: string,
  project: string,
  product: string,
  clientId = 'c1',
  resourceType: ClaimedOperation['resource_type'] = 'price',
): ClaimedOperation => ({
  id,
  project_key: project,
  resource_type: resourceType,
  product_key: product,
  created_at: new Date(),
  resource: {} as ClaimedOperation['resource'],
  actor: { clientId },
  failures: 0,
});

describe(groupsOf.name, () => {
  it('never puts operations of two resource types in one group, even under the same group key', () => {
    const groups = groupsOf([
      claimed('1', 'a', 'k1'),
      claimed('2', 'a', 'k1', 'c1', 'order'),
      claimed('3', 'a', 'k1'),
      claimed('4', 'a', 'k2', 'c1', 'order'),
    ]);
    expect(groups.map((group) => group.map((operation) => operation.id))).toEqual([['1', '3'], ['2'], ['4']]);
  });

  it('makes one group per project, product and importer, keeping the order of arrival', () => {
    const groups = groupsOf([
      claimed('1', 'a', 'p1'),
      claimed('2', 'a', 'p2'),
      claimed('3', 'a', 'p1'),
      claimed('4', 'b', 'p1'),
      claimed('5', 'a', 'p1', 'c2'),
    ]);
    expect(groups.map((group) => group.map((operation) => operation.id))).toEqual([
      ['1', '3'],
      ['2'],
      ['4'],
      ['5'],
    ]);
  });
});

describe(eachLimited.name, () => {
  it('runs every item with at most `limit` in flight', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      done.push(item);
      running--;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });
});
