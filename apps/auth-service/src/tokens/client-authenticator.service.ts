import type { TokenRequest } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Injectable } from '@nestjs/common';
import type { ApiClientRecord } from '../api-clients/api-client.record.js';
import { ApiClientsRepository } from '../api-clients/api-clients.repository.js';
import { secretMatches } from './secrets.js';

/** Checks HTTP Basic client credentials; every failure is the same `invalid_client`. */
@Injectable()
export class ClientAuthenticator {
  constructor(private readonly clients: ApiClientsRepository) {}

  async authenticate(credentials: TokenRequest['credentials']): Promise<ApiClientRecord> {
    if (
      !credentials ||
      typeof credentials.clientId !== 'string' ||
      typeof credentials.clientSecret !== 'string'
    ) {
      throw Errors.invalidClient();
    }
    const client = await this.clients.findById(credentials.clientId);
    if (!secretMatches(credentials.clientSecret, client?.secretHash) || !client) throw Errors.invalidClient();
    await this.clients.touch(client.id);
    return client;
  }
}
