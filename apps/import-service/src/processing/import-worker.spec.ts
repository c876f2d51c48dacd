import type { ClaimedOperation } from '../operations/operations.repository.js';
import { eachLimited, groupsOf } from './import-worker.js';

const claimed = (id: string, project: string, product: string, clientId = 'c1'): ClaimedOperation => ({
  id,
  project_key: project,
  product_key: product,
  resource: {} as ClaimedOperation['resource'],
  actor: { clientId },
  failures: 0,
});

describe(groupsOf.name, () => {
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
