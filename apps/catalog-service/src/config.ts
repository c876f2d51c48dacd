import { env, loadConfig, type ConfigOf } from '@commerce/config';

/** catalog-service's own settings. */
export const catalogEnv = {
  /** How often Standalone Prices are checked for a product discount whose validity began or ended. */
  PRODUCT_DISCOUNT_SWEEP_INTERVAL_MS: env.int(100, 86_400_000, 60_000),
};

export type CatalogConfig = ConfigOf<typeof catalogEnv>;

export const CATALOG_CONFIG = Symbol('CATALOG_CONFIG');

export const loadCatalogConfig = (): CatalogConfig => loadConfig(catalogEnv);
