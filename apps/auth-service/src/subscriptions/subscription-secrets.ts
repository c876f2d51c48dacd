import { sealedSecrets } from '../secrets/sealed-secrets.js';

/** A Subscription's destination secrets, sealed in `auth.subscription_secrets` (`sealedSecrets`). */
export const subscriptionSecrets = sealedSecrets('subscription');
