import { sealedSecrets } from '../secrets/sealed-secrets.js';

/** An extension's destination secrets, sealed in `auth.extension_secrets` (`sealedSecrets`). */
export const extensionSecrets = sealedSecrets('extension');
