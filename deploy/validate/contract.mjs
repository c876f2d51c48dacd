// What the deployment must provide: the regions, the apps and the environment each app reads
// (deploy/README.md, "Runtime contract of the apps").

export const REGIONS = [
  'us-central1-gcp',
  'us-east-2-aws',
  'europe-west1-gcp',
  'eu-central-1-aws',
  'australia-southeast1-gcp',
];

export const GATEWAY = 'api-gateway';
export const APPS = [
  GATEWAY,
  'auth-service',
  'stores-service',
  'catalog-service',
  'insights-service',
  'import-service',
];
/** Apps scaled by a HorizontalPodAutoscaler; the others run a fixed replica count. */
export const AUTOSCALED = [GATEWAY, 'auth-service', 'stores-service', 'catalog-service'];

export const SECRET_NAME = 'commerce-secrets';
/** Env vars that must come from the Secret by reference. */
export const SECRET_ENV = [
  'DATABASE_URL',
  'COMMERCE_ADMIN_CLIENT_ID',
  'COMMERCE_ADMIN_CLIENT_SECRET',
  'INSIGHTS_ENCRYPTION_KEYS',
];
/** Names that look secret: an inline value for one of them is refused. */
export const SECRET_LIKE_ENV = /(SECRET|PASSWORD|TOKEN|PRIVATE_KEY|DATABASE_URL|CREDENTIALS)/;

/** Env vars an app must receive. */
export function requiredEnv(app) {
  const env = ['NATS_URL', 'HEALTH_PORT', 'LOG_LEVEL', 'RPC_TIMEOUT_MS'];
  env.push(app === GATEWAY ? 'PORT' : 'DATABASE_URL');
  if (app === 'auth-service') {
    env.push(
      'COMMERCE_PROJECT_KEY',
      'COMMERCE_ADMIN_CLIENT_ID',
      'COMMERCE_ADMIN_CLIENT_SECRET',
      'OUTBOUND_ALLOW_PRIVATE',
    );
  }
  if (app === 'insights-service') env.push('INSIGHTS_ENCRYPTION_KEYS', 'OUTBOUND_ALLOW_PRIVATE');
  return env;
}
