/**
 * Product projection search on a catalog of its own: N products (default 10,000) created through the API, then
 * the search endpoint (text + filter + a terms facet) and the plain query endpoint (`where`) under the same
 * autocannon load, side by side, in the run of `npm run bench`.
 */
export interface SearchBenchTarget {
  url: string;
  projectKey: string;
  bearer: string;
}

/** One endpoint at one concurrency. */
export interface SearchMeasurement {
  scenario: string;
  /** The catalog's size when measured. */
  products: number;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export interface SearchBenchFacts {
  products: number;
  seedSeconds: number;
  measurements: SearchMeasurement[];
}

/** Requests in flight while seeding: creates are one transaction each, so a few lanes keep the database busy. */
const SEEDERS = 16;
const COLORS = ['red', 'blue', 'green', 'black', 'white', 'yellow', 'grey', 'navy'];
const MATERIALS = ['cotton', 'linen', 'wool', 'silk', 'denim'];
const KINDS = ['shirt', 'dress', 'jacket', 'trousers', 'sweater', 'skirt', 'coat'];

const pick = <T>(values: readonly T[], i: number) => values[i % values.length];

/** Product i: name words, two variants with a color each and a price, published. Deterministic. */
export function benchProductDraft(productTypeId: string, run: string, i: number) {
  const name = `${pick(MATERIALS, i)} ${pick(KINDS, Math.floor(i / 5))} ${pick(COLORS, i * 3)} ${i}`;
  const variant = (n: number) => ({
    sku: `search-${run}-${i}-${n}`,
    attributes: [{ name: 'color', value: pick(COLORS, i + n * 3) }],
    prices: [{ value: { currencyCode: 'EUR', centAmount: 1000 + ((i * 37 + n * 500) % 9000) } }],
  });
  return {
    productType: { typeId: 'product-type', id: productTypeId },
    key: `search-${run}-${i}`,
    name: { en: name },
    slug: { en: `search-${run}-${i}` },
    masterVariant: variant(1),
    variants: [variant(2)],
    publish: true,
  };
}

/**
 * The endpoints measured: what a shop's listing page asks (text, a color filter, a price range, facets), by
 * Product Projection Search with one and with two facets and by Product Search with the same two facets,
 * and a plain predicate query of the same size.
 */
export function searchScenarios(projectKey: string, run: string): SearchScenario[] {
  const search = new URLSearchParams([
    ['text.en', 'cotton shirt'],
    ['filter', 'variants.attributes.color:"red","blue","black"'],
    ['filter', 'variants.price.centAmount:range (1000 to 8000)'],
    ['facet', 'variants.attributes.color'],
    ['limit', '20'],
  ]);
  const twoFacets = new URLSearchParams([
    ...search.entries(),
    ['facet', 'variants.price.centAmount:range (0 to 3000), (3000 to 6000), (6000 to *)'],
  ]);
  const productSearch = {
    query: {
      and: [
        { fullText: { field: 'name', language: 'en', value: 'cotton shirt' } },
        {
          exact: {
            field: 'variants.attributes.color',
            fieldType: 'text',
            values: ['red', 'blue', 'black'],
          },
        },
        { range: { field: 'variants.prices.centAmount', gte: 1000, lte: 8000 } },
      ],
    },
    facets: [
      { distinct: { name: 'color', field: 'variants.attributes.color', fieldType: 'text' } },
      {
        ranges: {
          name: 'price',
          field: 'variants.prices.centAmount',
          ranges: [{ to: 3000 }, { from: 3000, to: 6000 }, { from: 6000 }],
        },
      },
    ],
    limit: 20,
  };
  const skus = Array.from({ length: 10 }, (_, j) => `"search-${run}-${j * 997}-1"`).join(', ');
  const where = new URLSearchParams([
    ['where', `masterVariant(sku in (${skus}))`],
    ['limit', '20'],
  ]);
  return [
    {
      name: 'GET /product-projections/search text+filter+facet',
      path: `/${projectKey}/product-projections/search?${search.toString()}`,
    },
    {
      name: 'GET /product-projections/search two facets',
      path: `/${projectKey}/product-projections/search?${twoFacets.toString()}`,
    },
    {
      name: 'POST /products/search two facets',
      path: `/${projectKey}/products/search`,
      method: 'POST',
      body: JSON.stringify(productSearch),
    },
    {
      name: 'GET /product-projections?where=sku in (10)',
      path: `/${projectKey}/product-projections?${where.toString()}`,
    },
  ];
}

export interface SearchScenario {
  name: string;
  path: string;
  method?: 'POST';
  body?: string;
}

async function call<T>(target: SearchBenchTarget, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${target.url}/${target.projectKey}${path ? `/${path}` : ''}`, {
    method,
    headers: { authorization: `Bearer ${target.bearer}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json: unknown = await response.json();
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json as T;
}

/**
 * Creates one product. On a busy machine a create may outlast the gateway's deadline (504, outcome unknown):
 * the product is then looked up by its key and created again only if it is not there.
 */
async function createProduct(target: SearchBenchTarget, draft: { key: string }): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await call(target, 'POST', 'products', draft);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('answered 504')) throw error;
      const found = await fetch(`${target.url}/${target.projectKey}/products/key=${draft.key}`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${target.bearer}` },
      });
      if (found.status === 200) return;
    }
  }
}

/** Creates the catalog through the API (SEEDERS requests at a time); answers the run id the scenarios use. */
export async function seedSearchCatalog(target: SearchBenchTarget, products: number): Promise<string> {
  const run = Date.now().toString(36);
  const productType = await call<{ id: string }>(target, 'POST', 'product-types', {
    key: `bench-search-${run}`,
    name: 'Clothing',
    description: 'bench',
    attributes: [
      {
        name: 'color',
        label: { en: 'Color' },
        isRequired: false,
        isSearchable: true,
        type: { name: 'text' },
      },
    ],
  });
  // Product Search answers once the project activated it (the live API's `changeProductSearchIndexingEnabled`).
  const project = await call<{ version: number }>(target, 'GET', '', undefined);
  await call(target, 'POST', '', {
    version: project.version,
    actions: [{ action: 'changeProductSearchIndexingEnabled', enabled: true, mode: 'ProductsSearch' }],
  });
  let next = 0;
  await Promise.all(
    Array.from({ length: SEEDERS }, async () => {
      while (next < products) {
        const i = next++;
        await createProduct(target, benchProductDraft(productType.id, run, i));
      }
    }),
  );
  return run;
}

/**
 * Grows the seeded catalog to `size` products in SQL: copies of the seeded search rows (never of copies) (current and staged of
 * each copy share a new id and key; a copy an earlier, smaller size made is kept), as the Store scenarios copy their Store. Only `catalog.product_search`,
 * which both search endpoints and the projection query read, is copied. A copy's SKUs are its own
 * (`search-{run}-{i}-c{copy}-{n}`), so `where=masterVariant(sku in (...))` finds the same 10 products at every size.
 */
export async function copySearchCatalog(
  db: { query: (sql: string, values: unknown[]) => Promise<unknown> },
  projectKey: string,
  run: string,
  seeded: number,
  size: number,
): Promise<void> {
  const copies = Math.ceil(size / seeded) - 1;
  for (let copy = 1; copy <= copies; copy++) {
    const wanted = Math.min(seeded, size - copy * seeded);
    await db.query(
      `INSERT INTO "catalog"."product_search"
         (project_key, id, staged, key, version, created_at, last_modified_at, doc, variants, search)
       SELECT s.project_key, c.id, s.staged, s.key || '-c' || $3, s.version, s.created_at, s.last_modified_at,
              jsonb_set(jsonb_set(replace(s.doc::text, c.sku, c.own)::jsonb, '{id}', to_jsonb(c.id)),
                        '{key}', to_jsonb(s.key || '-c' || $3)),
              replace(s.variants::text, c.sku, c.own)::jsonb, s.search
       FROM "catalog"."product_search" s,
            LATERAL (SELECT md5(s.id || '-' || $3::text)::uuid::text AS id,
                            '"' || s.key || '-' AS sku, '"' || s.key || '-c' || $3 || '-' AS own) c
       WHERE s.project_key = $1 AND s.key ~ $2 AND (split_part(s.key, '-', 3))::int < $4
       ON CONFLICT DO NOTHING`,
      [projectKey, `^search-${run}-[0-9]+$`, copy, wanted],
    );
  }
}
