import { env, loadConfig, type ConfigOf } from '@commerce/config';

/** checkout-service's own settings. */
export const checkoutEnv = {
  /** How often shopping lists past their `deleteDaysAfterLastModification` are deleted. */
  SHOPPING_LIST_SWEEP_INTERVAL_MS: env.int(100, 86_400_000, 3_600_000),
  /** How often carts past their `deleteDaysAfterLastModification` are deleted. */
  CART_SWEEP_INTERVAL_MS: env.int(100, 86_400_000, 600_000),
};

export type CheckoutConfig = ConfigOf<typeof checkoutEnv>;

export const CHECKOUT_CONFIG = Symbol('CHECKOUT_CONFIG');

export const loadCheckoutConfig = (): CheckoutConfig => loadConfig(checkoutEnv);
