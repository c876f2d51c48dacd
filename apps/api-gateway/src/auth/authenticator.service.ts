import { Subjects, type Principal } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { hash } from 'node:crypto';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { EXTERNAL_TOKEN_CACHE_MS, ExternalIntrospection } from './external-introspection.service.js';
import { ExternalOAuthConfigs } from './external-oauth-configs.js';
import { RevocationFeed } from './revocation-feed.js';
import { TokenCache } from './token-cache.js';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/;

export interface AuthTarget {
  /** The path's project: tokens auth-service does not know are introspected at its external OAuth server. */
  projectKey?: string;
  correlationId: string;
}

const externalKey = (projectKey: string, tokenHash: string) => `${projectKey}\u0000${tokenHash}`;

/**
 * Turns an `Authorization: Bearer` header into a Principal: from the cache (no round trip on the hot path)
 * while the revocation feed is fresh, else from auth-service, else, for a project with external OAuth, from
 * its introspection endpoint.
 */
@Injectable()
export class Authenticator implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly cache: TokenCache;
  readonly revocations: RevocationFeed;

  constructor(
    private readonly rpc: RpcClient,
    private readonly externalConfigs: ExternalOAuthConfigs,
    private readonly external: ExternalIntrospection,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.cache = new TokenCache(config.TOKEN_CACHE_TTL_MS, config.TOKEN_CACHE_MAX);
    this.revocations = new RevocationFeed(rpc, this.cache);
  }

  onApplicationBootstrap(): void {
    this.revocations.start();
  }

  onApplicationShutdown(): void {
    this.revocations.stop();
  }

  async authenticate(header: string | undefined, target: AuthTarget): Promise<Principal> {
    if (!header) throw Errors.missingToken();
    const match = BEARER.exec(header);
    if (!match) throw Errors.invalidToken();
    const token = match[1];
    const tokenHash = hash('sha256', token, 'hex');
    const cached =
      (this.revocations.fresh() ? this.cache.get(tokenHash) : undefined) ??
      (target.projectKey ? this.cache.get(externalKey(target.projectKey, tokenHash)) : undefined);
    if (cached) return cached;
    if (token.length <= 512) {
      const epoch = this.cache.epoch;
      const result = await this.rpc.send(Subjects.auth.verifyToken, { token });
      if (result.active) {
        this.cache.set(tokenHash, result.principal, undefined, epoch);
        return result.principal;
      }
    }
    if (!target.projectKey) throw Errors.invalidToken();
    return this.authenticateExternally(token, tokenHash, target.projectKey, target.correlationId);
  }

  revoke(tokenHash: string): void {
    this.cache.delete(tokenHash);
  }

  projectChanged(projectKey: string): void {
    this.externalConfigs.invalidate(projectKey);
  }

  private async authenticateExternally(
    token: string,
    tokenHash: string,
    projectKey: string,
    correlationId: string,
  ): Promise<Principal> {
    const key = externalKey(projectKey, tokenHash);
    if (this.cache.isInactive(key)) throw Errors.invalidToken();
    const config = await this.externalConfigs.get(projectKey, correlationId);
    if (!config) throw Errors.invalidToken();
    const principal = await this.external.introspect(config, token, tokenHash, projectKey, correlationId);
    if (!principal) {
      this.cache.markInactive(key);
      throw Errors.invalidToken();
    }
    this.cache.set(key, principal, EXTERNAL_TOKEN_CACHE_MS);
    return principal;
  }
}
