import { Errors } from '@commerce/errors';
import { Injectable } from '@nestjs/common';
import type { GrantingClient } from '../api-clients/api-client.record.js';
import { ApiClientsRepository } from '../api-clients/api-clients.repository.js';
import { secretMatches } from './secrets.js';

export type ClientCredentials = { clientId: string; clientSecret: string } | undefined;

/** Checks HTTP Basic client credentials; every failure is the same `invalid_client`. */
@Injectable()
export class ClientAuthenticator {
  constructor(private readonly clients: ApiClientsRepository) {}

  /** The client; with `projectKey` (a project's token path) it must be a client of that project. */
  async authenticate(credentials: ClientCredentials, projectKey?: string): Promise<GrantingClient> {
    if (
      !credentials ||
      typeof credentials.clientId !== 'string' ||
      typeof credentials.clientSecret !== 'string' ||
      credentials.clientId.length > 256
    ) {
      throw Errors.invalidClient();
    }
    const found = await this.clients.findForAuthentication(credentials.clientId);
    const client = found?.client;
    if (!secretMatches(credentials.clientSecret, client?.secretHash) || !client) throw Errors.invalidClient();
    if (projectKey !== undefined && client.projectKey !== projectKey) throw Errors.invalidClient();
    // `lastUsedAt` is a date: once set to today, the UPDATE would change nothing.
    if (!found.usedToday) await this.clients.touch(client.id);
    return client;
  }
}
