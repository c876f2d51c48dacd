import {
  createApiBuilderFromCtpClient,
  type ImportOperation,
  type PriceImport,
} from '@commercetools/importapi-sdk';
import type { Product } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { eventually } from '../support/api.js';
import { uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { newProduct } from '../catalog/catalog-helpers.js';

/** The official Import SDK, wired as its users do: its own client whose HTTP host is the platform's. */
export async function importApi(target?: {
  apiUrl: string;
  projectKey: string;
  clientId: string;
  clientSecret: string;
}) {
  const { apiUrl, projectKey, clientId, clientSecret } = target ?? (await platform());
  const client = new ClientBuilder()
    .withProjectKey(projectKey)
    .withClientCredentialsFlow({
      host: apiUrl,
      projectKey,
      credentials: { clientId, clientSecret },
      scopes: [`manage_project:${projectKey}`],
      httpClient: fetch,
    })
    .withHttpMiddleware({ host: apiUrl, httpClient: fetch })
    .build();
  return createApiBuilderFromCtpClient(client).withProjectKeyValue({ projectKey });
}

export type ImportApi = Awaited<ReturnType<typeof importApi>>;

export async function newContainer(
  importer: ImportApi,
  resourceType?: 'price' | 'product' | 'order' | 'inventory' | 'standalone-price',
) {
  const key = uniqueKey('container');
  const { body } = await importer
    .importContainers()
    .post({ body: { key, ...(resourceType ? { resourceType } : {}) } })
    .execute();
  return body;
}

/** A product with a master variant (key and SKU) and a second variant known only by its SKU. */
export async function productWithVariants(): Promise<Product & { key: string }> {
  const variantKey = uniqueKey('variant');
  const product = await newProduct([uniqueKey('sku'), uniqueKey('sku')], {
    masterVariant: { sku: uniqueKey('sku'), key: variantKey },
  });
  return product as Product & { key: string };
}

export function priceImport(product: Product, overrides: Partial<PriceImport> = {}): PriceImport {
  return {
    key: uniqueKey('price'),
    value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 1299 },
    productVariant: { typeId: 'product-variant', key: product.masterData.staged.masterVariant.key! },
    product: { typeId: 'product', key: product.key! },
    ...overrides,
  };
}

export async function importPrices(importer: ImportApi, containerKey: string, resources: PriceImport[]) {
  const { body } = await importer
    .prices()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: containerKey })
    .post({ body: { type: 'price', resources } })
    .execute();
  return body;
}

/** The operation once it reached one of `states`. */
export function operationIn(
  importer: ImportApi,
  id: string,
  states: string[],
  timeoutMs = 15_000,
): Promise<ImportOperation> {
  return eventually(async () => {
    const { body } = await importer.importOperations().withIdValue({ id }).get().execute();
    return states.includes(body.state) ? body : undefined;
  }, timeoutMs);
}

/** The error an SDK call rejected with: its status and body. */
export async function failure(call: Promise<unknown>): Promise<{ statusCode: number; body: any }> {
  try {
    await call;
  } catch (error) {
    const { statusCode, body } = error as { statusCode: number; body: unknown };
    return { statusCode, body };
  }
  throw new Error('the call was expected to fail');
}
