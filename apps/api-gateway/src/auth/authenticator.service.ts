import { Subjects, type Principal, type VerifyTokenResult } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { TokenCache } from './token-cache.js';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,512})$/;

/** Turns an `Authorization: Bearer` header into a Principal, from the cache or from auth-service. */
@Injectable()
export class Authenticator {
  readonly cache: TokenCache;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.cache = new TokenCache(config.TOKEN_CACHE_TTL_MS, config.TOKEN_CACHE_MAX);
  }

  async authenticate(header: string | undefined): Promise<Principal> {
    if (!header) throw Errors.missingToken();
    const match = BEARER.exec(header);
    if (!match) throw Errors.invalidToken();
    const token = match[1];
    const tokenHash = createHash('sha256').update(token, 'utf8').digest('hex');
    const cached = this.cache.get(tokenHash);
    if (cached) return cached;
    const result = await this.rpc.send<VerifyTokenResult>(Subjects.auth.verifyToken, { token });
    if (!result.active) throw Errors.invalidToken();
    this.cache.set(result.principal);
    return result.principal;
  }

  revoke(tokenHash: string): void {
    this.cache.delete(tokenHash);
  }
}
