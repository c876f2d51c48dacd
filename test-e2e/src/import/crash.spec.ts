import { launchPlatform, type LaunchedPlatform } from '@commerce/platform';
import type { PriceImport } from '@commercetools/importapi-sdk';
import { execFileSync } from 'node:child_process';
import { eventually } from '../support/api.js';
import { productDraft, productTypeDraft, uniqueKey } from '../support/factories.js';
import { importApi, importPrices } from './import-helpers.js';

/** Raw JSON calls to a platform of this test (not the suite's). */
async function client(target: LaunchedPlatform) {
  const basic = Buffer.from(`${target.clientId}:${target.clientSecret}`).toString('base64');
  const tokenResponse = await fetch(`${target.apiUrl}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${target.apiUrl}/${target.projectKey}/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as any;
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** Kills the launcher and every app it started at once, as a power cut would: nothing shuts down cleanly. */
function killHard(target: LaunchedPlatform): void {
  const children = execFileSync('pgrep', ['-P', String(target.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);
  for (const pid of [...children, target.pid]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

const PRODUCTS = 10;
const REQUESTS = 30;

describe('An import interrupted by a crash', () => {
  let first: LaunchedPlatform | undefined;
  let second: LaunchedPlatform | undefined;
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('completes after a restart on the same data, every price exactly once', async () => {
    // One product group per round, one at a time: the import is still running when the platform dies.
    const env = { ...process.env, IMPORT_BATCH_SIZE: '20', IMPORT_CONCURRENCY: '1', IMPORT_LEASE_MS: '2000' };
    first = await launchPlatform(env);
    const call = await client(first);
    const productType = await call('POST', 'product-types', productTypeDraft());
    const products: Array<{ id: string; key: string; sku: string }> = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const sku = uniqueKey('sku');
      const product = await call('POST', 'products', productDraft(productType.id, [sku]));
      products.push({ id: product.id, key: product.key, sku });
    }
    const importer = await importApi(first);
    const containerKey = uniqueKey('container');
    await importer
      .importContainers()
      .post({ body: { key: containerKey } })
      .execute();
    const expected = new Map<string, string[]>(products.map((p) => [p.id, []]));
    for (let request = 0; request < REQUESTS; request++) {
      const product = products[request % PRODUCTS];
      const resources: PriceImport[] = Array.from({ length: 20 }, (_, i) => ({
        key: uniqueKey('price'),
        value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 100 + i },
        country: `${String.fromCharCode(65 + (request % 26))}${String.fromCharCode(65 + i)}`,
        productVariant: { typeId: 'product-variant', key: product.sku },
        product: { typeId: 'product', key: product.key },
      }));
      await importPrices(importer, containerKey, resources);
      expected.get(product.id)!.push(...resources.map((resource) => resource.key));
    }
    const summary = (target: typeof importer) =>
      target
        .importContainers()
        .withImportContainerKeyValue({ importContainerKey: containerKey })
        .importSummaries()
        .get()
        .execute()
        .then(({ body }) => body);
    const atKill = await eventually(async () => {
      const now = await summary(importer);
      return now.states.imported >= 40 ? now : undefined;
    }, 60_000);
    killHard(first);
    expect(atKill.states.imported).toBeLessThan(REQUESTS * 20);

    second = await launchPlatform(env, { dataDir: first.dataDir });
    const restarted = await importApi(second);
    const done = await eventually(async () => {
      const now = await summary(restarted);
      return now.states.imported === REQUESTS * 20 ? now : undefined;
    }, 120_000);
    expect(done.total).toBe(REQUESTS * 20);

    const read = await client(second);
    for (const { id } of products) {
      const product = await read('GET', `products/${id}`);
      const keys = (product.masterData.staged.masterVariant.prices as Array<{ key: string }>).map(
        (p) => p.key,
      );
      expect(keys.sort()).toEqual([...expected.get(id)!].sort());
    }
  }, 300_000);
});
