import { Errors } from '@commerce/errors';
import { SecretBox } from '@commerce/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from '../auth.config.js';

/**
 * auth-service's write-only secrets (the in-store Callback API Key, the external OAuth `Authorization` header)
 * are sealed by the platform's one `SecretBox` (`@commerce/service-kit`) under `SECRETS_ENCRYPTION_KEYS`.
 * Without keys the service runs, but refuses to store a secret.
 */
@Injectable()
export class AuthSecrets {
  private readonly box?: SecretBox;

  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    if (config.SECRETS_ENCRYPTION_KEYS) this.box = new SecretBox(config.SECRETS_ENCRYPTION_KEYS);
  }

  /** Whether keys are configured (else nothing can be sealed or opened). */
  get configured(): boolean {
    return this.box !== undefined;
  }

  /** The box; 400 `InvalidOperation` naming `what` when no key is configured. */
  sealer(what: string): SecretBox {
    if (!this.box) {
      throw Errors.invalidOperation(
        `The platform has no SECRETS_ENCRYPTION_KEYS configured, so it cannot store ${what}.`,
      );
    }
    return this.box;
  }
}
