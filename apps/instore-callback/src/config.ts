import { env, loadConfig, type ConfigOf } from '@commerce/config';

const KEY = /^[A-Za-z0-9_-]{1,256}$/;

/** The reference callback's settings; a bad value stops it at start with the variable's name. */
export const callbackEnv = {
  PORT: env.int(0, 65_535, 8090),
  HOST: env.string('0.0.0.0'),
  /** The path the merchant registers as the Token Retrieval URL's path; ids are appended to it. */
  INSTORE_CALLBACK_PATH: env.pattern(/^(\/[A-Za-z0-9._~-]+)+$/, 'a path such as /tokens', '/tokens'),
  /** The Callback API Key registered in the platform; compared in constant time. */
  INSTORE_CALLBACK_API_KEY: env.pattern(/^[\x21-\x7e]{16,512}$/, '16 to 512 printable characters'),
  /** The platform's authorization service, e.g. https://auth.example.com (http only for local development). */
  COMMERCE_AUTH_URL: env.pattern(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'an http(s) URL without query'),
  COMMERCE_PROJECT_KEY: env.pattern(/^[a-z0-9][a-z0-9-]{0,254}[a-z0-9]$/, 'a project key'),
  COMMERCE_STORE_KEY: env.pattern(KEY, 'a Store key'),
  /**
   * An API client of the project with `issue_customer_tokens:{pk}:{store}`, `manage_orders:{pk}:{store}` and
   * the user scopes below: nothing project-wide.
   */
  COMMERCE_CLIENT_ID: env.pattern(/^\S{1,256}$/, 'an API client id'),
  COMMERCE_CLIENT_SECRET: env.pattern(/^\S{1,512}$/, 'an API client secret'),
  /** Permissions of a user token, given for the Store (default manage_my_profile and manage_my_orders). */
  INSTORE_USER_PERMISSIONS: env.pattern(
    /^[a-z_]+(,[a-z_]+)*$/,
    'comma-separated permissions',
    'manage_my_profile,manage_my_orders',
  ),
  /** The whole call to the authorization service. */
  COMMERCE_AUTH_TIMEOUT_MS: env.int(100, 30_000, 2_000),
  LOG_LEVEL: env.oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
};

export type CallbackConfig = ConfigOf<typeof callbackEnv>;

export const loadCallbackConfig = (source?: Record<string, string | undefined>) =>
  loadConfig(callbackEnv, source);
