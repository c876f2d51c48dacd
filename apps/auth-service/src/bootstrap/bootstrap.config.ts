import { env, loadConfig, type ConfigOf } from '@commerce/config';

export const bootstrapEnv = {
  COMMERCE_PROJECT_KEY: env.pattern(/^[a-z0-9][a-z0-9-]{0,254}[a-z0-9]$/, 'a lower-case project key', 'demo'),
  COMMERCE_ADMIN_CLIENT_ID: env.optionalPattern(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, _ or -'),
  COMMERCE_ADMIN_CLIENT_SECRET: env.optionalPattern(/^.{32,256}$/, '32 to 256 characters'),
  /** More projects to create at start when absent (comma-separated keys), without a usable admin client. */
  COMMERCE_EXTRA_PROJECT_KEYS: env.optionalPattern(
    /^[a-z0-9][a-z0-9-]{0,254}[a-z0-9](,[a-z0-9][a-z0-9-]{0,254}[a-z0-9])*$/,
    'comma-separated lower-case project keys',
  ),
};

export type BootstrapConfig = ConfigOf<typeof bootstrapEnv>;

export const loadBootstrapConfig = () => loadConfig(bootstrapEnv);
