/**
 * The embedded price import end to end: 100 products, then 10,000 prices in 500 requests of 20 through the
 * Import API, timed from the first POST to the moment the last operation is `imported`.
 */
export interface ImportBenchTarget {
  apiUrl: string;
  projectKey: string;
  clientId: string;
  clientSecret: string;
}

export interface ImportBenchResult {
  prices: number;
  seconds: number;
  pricesPerSecond: number;
  /** Of `seconds`, the time until the last POST was answered (the rest is processing only). */
  postSeconds: number;
}

const PRODUCTS = 100;
const REQUESTS = 500;
const PER_REQUEST = 20;
/** Requests in flight at once while posting the batches. */
const POSTERS = 8;

type Call = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;

async function clientOf(target: ImportBenchTarget): Promise<Call> {
  const basic = Buffer.from(`${target.clientId}:${target.clientSecret}`).toString('base64');
  const tokenResponse = await fetch(`${target.apiUrl}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${target.apiUrl}/${target.projectKey}/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json: unknown = await response.json();
    if (response.status >= 300) {
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    }
    return json as T;
  };
}

async function inParallel(count: number, lanes: number, work: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** A country code per price of one variant, so no two prices of a variant share a scope. */
const countryOf = (n: number) => String.fromCharCode(65 + Math.floor(n / 26), 65 + (n % 26));

export async function benchImport(target: ImportBenchTarget): Promise<ImportBenchResult> {
  const call = await clientOf(target);
  const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const productType = await call<{ id: string }>('POST', 'product-types', {
    key: `bench-import-${run}`,
    name: `Bench import ${run}`,
    description: 'bench',
    attributes: [],
  });
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({
    key: `bench-${run}-${i}`,
    sku: `sku-${run}-${i}`,
  }));
  await inParallel(PRODUCTS, POSTERS, async (i) => {
    await call('POST', 'products', {
      productType: { typeId: 'product-type', id: productType.id },
      key: products[i].key,
      name: { en: `Product ${i}` },
      slug: { en: `bench-${run}-${i}` },
      masterVariant: { sku: products[i].sku },
    });
  });
  const containerKey = `bench-${run}`;
  await call('POST', 'import-containers', { key: containerKey, resourceType: 'price' });

  const perProduct = new Array<number>(PRODUCTS).fill(0);
  const started = performance.now();
  await inParallel(REQUESTS, POSTERS, async (request) => {
    const productIndex = request % PRODUCTS;
    const product = products[productIndex];
    const resources = Array.from({ length: PER_REQUEST }, () => {
      const n = perProduct[productIndex]++;
      return {
        key: `p-${run}-${productIndex}-${n}`,
        value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 100 + n },
        country: countryOf(n),
        productVariant: { typeId: 'product-variant', key: product.sku },
        product: { typeId: 'product', key: product.key },
      };
    });
    await call('POST', `prices/import-containers/${containerKey}`, { type: 'price', resources });
  });
  const postSeconds = (performance.now() - started) / 1000;
  const total = REQUESTS * PER_REQUEST;
  for (;;) {
    const summary = await call<{ states: Record<string, number> }>(
      'GET',
      `import-containers/${containerKey}/import-summaries`,
    );
    if (summary.states.imported === total) break;
    const failed = summary.states.rejected + summary.states.validationFailed + summary.states.unresolved;
    if (failed > 0) throw new Error(`the import failed: ${JSON.stringify(summary.states)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  return { prices: total, seconds, pricesPerSecond: total / seconds, postSeconds };
}
