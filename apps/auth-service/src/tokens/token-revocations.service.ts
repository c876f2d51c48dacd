import { Events } from '@commerce/contracts';
import { EventBus } from '@commerce/messaging';
import { Injectable } from '@nestjs/common';
import type { TokenRecord } from './token.record.js';
import { TokensRepository } from './tokens.repository.js';

/**
 * Revokes tokens and tells every gateway replica at once (`evt.auth.token-revoked` with the token's hash),
 * so a cached revoked token is refused within moments. Revoking a refresh token revokes the access tokens
 * issued with it.
 */
@Injectable()
export class TokenRevocations {
  constructor(
    private readonly tokens: TokensRepository,
    private readonly events: EventBus,
  ) {}

  async revoke(token: TokenRecord): Promise<void> {
    await this.announce(await this.tokens.deleteFamily(token));
  }

  async revokeClient(clientId: string): Promise<void> {
    await this.announce(await this.tokens.deleteByClient(clientId));
  }

  async revokeCustomer(projectKey: string, customerId: string): Promise<void> {
    await this.announce(await this.tokens.deleteByCustomer(projectKey, customerId));
  }

  private async announce(accessTokenHashes: string[]): Promise<void> {
    await Promise.all(
      accessTokenHashes.map((tokenHash) => this.events.publish(Events.tokenRevoked, { tokenHash })),
    );
  }
}
