import { Events } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { Injectable } from '@nestjs/common';
import { EventBus } from '@commerce/messaging';
import type { TokenRecord } from './token.record.js';
import { TokensRepository } from './tokens.repository.js';

/**
 * Revokes tokens and tells every gateway replica (`evt.auth.token-revoked` with the token's hash), the fast
 * way; the revocation log each gateway polls is the reliable one (docs/CONSISTENCY.md). Revoking a refresh
 * token revokes the access tokens issued with it. An owner's tokens are revoked in the transaction that
 * deletes the owner (`deleteOwnerTokens`), and announced after it committed.
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

  async revokeCustomer(projectKey: string, customerId: string): Promise<void> {
    await this.announce(await this.tokens.deleteByCustomer(projectKey, customerId));
  }

  /**
   * In the owner's deletion transaction, after the owner's row is locked (`FOR UPDATE`): a token grant that
   * was under way has committed by then (its insert held a key-share lock on that row) and is deleted here;
   * a later one fails on the foreign key. Returns the access token hashes to announce after the commit.
   */
  deleteOwnerTokens(
    tx: Queryable,
    owner: { clientId: string } | { projectKey: string; customerId: string },
  ): Promise<string[]> {
    return 'clientId' in owner
      ? this.tokens.deleteByClient(owner.clientId, tx)
      : this.tokens.deleteByCustomer(owner.projectKey, owner.customerId, tx);
  }

  async announce(accessTokenHashes: string[]): Promise<void> {
    await Promise.all(
      accessTokenHashes.map((tokenHash) => this.events.publish(Events.tokenRevoked, { tokenHash })),
    );
  }
}
