import { honouredScopes, identityFromScopes, splitScopes } from '@commerce/auth';
import type { ExternalOAuth, Principal } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { OutboundClient, OutboundError, outboundPolicyFromEnv } from '@commerce/outbound';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';

/** Spec: the external endpoint must answer within 500 ms, network included; no retry within one call. */
export const EXTERNAL_INTROSPECTION_TIMEOUT_MS = 500;
/** Spec: results may be cached up to 30 minutes (and never past the token's `exp`). */
export const EXTERNAL_TOKEN_CACHE_MS = 30 * 60_000;

/**
 * Introspects a token this platform did not issue at the project's external OAuth server (RFC 7662): a form
 * POST of `token`, the configured Authorization header and the request's correlation id, through the
 * SSRF-safe outbound client. Only scopes the platform defines for the project are honoured; customer,
 * anonymous session and external user come from the `customer_id:`, `anonymous_id:` and `external_user_id:`
 * scopes. An inactive token is undefined; a failed or late answer is `ExternalOAuthFailed`.
 */
@Injectable()
export class ExternalIntrospection implements OnApplicationShutdown {
  private readonly logger = new Logger(ExternalIntrospection.name);
  private readonly client = new OutboundClient(outboundPolicyFromEnv());

  async introspect(
    config: ExternalOAuth,
    token: string,
    tokenHash: string,
    projectKey: string,
    correlationId: string,
  ): Promise<Principal | undefined> {
    const answer = await this.call(config, token, projectKey, correlationId);
    if (answer.active !== true) return undefined;
    const now = Date.now() / 1000;
    const exp =
      typeof answer.exp === 'number' && Number.isFinite(answer.exp) ? Math.floor(answer.exp) : undefined;
    if (exp !== undefined && exp <= now) return undefined;
    const scopes = honouredScopes(splitScopes(answer.scope as string), projectKey);
    return {
      projectKey,
      clientId: typeof answer.client_id === 'string' ? answer.client_id : '',
      scopes,
      expiresAt: exp ?? Math.floor(now + EXTERNAL_TOKEN_CACHE_MS / 1000),
      tokenHash,
      external: true,
      ...identityFromScopes(scopes),
    };
  }

  onApplicationShutdown(): void {
    this.client.close();
  }

  private async call(
    config: ExternalOAuth,
    token: string,
    projectKey: string,
    correlationId: string,
  ): Promise<Record<string, unknown>> {
    let status: number;
    let body: string;
    try {
      ({ status, body } = await this.client.postForm(
        config.url,
        { token },
        {
          headers: {
            authorization: config.authorizationHeader,
            'x-correlation-id': correlationId,
            accept: 'application/json',
          },
          timeoutMs: EXTERNAL_INTROSPECTION_TIMEOUT_MS,
          maxResponseBytes: 64 * 1024,
        },
      ));
    } catch (error) {
      const detail = error instanceof OutboundError ? error.message : 'The call failed.';
      throw this.failed(projectKey, correlationId, detail);
    }
    if (status !== 200)
      throw this.failed(projectKey, correlationId, `The endpoint answered with HTTP ${status}.`);
    let answer: unknown;
    try {
      answer = JSON.parse(body);
    } catch {
      throw this.failed(projectKey, correlationId, 'The answer is not JSON.');
    }
    const fields = answer as Record<string, unknown> | null;
    if (typeof fields !== 'object' || fields === null || typeof fields.active !== 'boolean') {
      throw this.failed(projectKey, correlationId, 'The answer has no boolean "active".');
    }
    if (fields.active && typeof fields.scope !== 'string') {
      throw this.failed(projectKey, correlationId, 'The answer has no "scope".');
    }
    return fields;
  }

  private failed(projectKey: string, correlationId: string, detail: string) {
    this.logger.warn({ projectKey, correlationId, msg: `external OAuth introspection failed: ${detail}` });
    return Errors.externalOAuthFailed(detail);
  }
}
