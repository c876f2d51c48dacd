import {
  InStoreTokenRetrievalDto,
  type CheckedInStoreToken,
  type IntrospectionResponse,
  type RequestContext,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { InStoreCallbackClient, InStoreCallbackError } from '@commerce/instore-client';
import { outboundPolicyFromEnv } from '@commerce/outbound';
import { parseDto } from '@commerce/service-kit';
import { Injectable } from '@nestjs/common';
import { hashSecret } from '../tokens/secrets.js';
import { TokensRepository } from '../tokens/tokens.repository.js';
import { InStoreIntegrationService } from './in-store-integration.service.js';

/**
 * The platform as the in-store application of a Store: calls the project's callback with the stored Callback
 * API Key through `libs/instore-client` (SSRF-safe, short deadline, bounded answer) and checks the token
 * against its own token store. A failed call is 502 `BadGateway` (504 `GatewayTimeout` for a timeout) with the
 * client's `reason`; the key is in no answer.
 */
@Injectable()
export class InStoreTokenRetrievalService {
  constructor(
    private readonly integrations: InStoreIntegrationService,
    private readonly tokens: TokensRepository,
  ) {}

  async retrieve(ctx: RequestContext, rawRequest: unknown): Promise<CheckedInStoreToken> {
    const request = parseDto(InStoreTokenRetrievalDto, rawRequest);
    if ((request.userKey === undefined) === (request.cartId === undefined)) {
      throw Errors.invalidInput('Exactly one of userKey and cartId is required.');
    }
    const { tokenRetrievalUrl, callbackApiKey } = await this.integrations.credentials(ctx);
    const client = new InStoreCallbackClient({
      tokenRetrievalUrl,
      callbackApiKey,
      projectKey: ctx.projectKey,
      storeKey: request.storeKey,
      policy: outboundPolicyFromEnv(),
      introspect: (token) => this.introspect(ctx.projectKey, token),
    });
    try {
      return request.userKey !== undefined
        ? await client.userToken(request.userKey)
        : await client.cartToken(request.cartId!);
    } catch (error) {
      if (!(error instanceof InStoreCallbackError)) throw error;
      throw new ApiError({
        code: error.reason === 'timeout' ? 'GatewayTimeout' : 'BadGateway',
        message: error.message,
        reason: error.reason,
      });
    } finally {
      client.close();
    }
  }

  /** Introspection of this project's tokens, as `POST /oauth/introspect` answers a project admin. */
  private async introspect(projectKey: string, token: string): Promise<IntrospectionResponse> {
    const record = await this.tokens.findActive(hashSecret(token), 'access');
    if (!record || record.projectKey !== projectKey) return { active: false };
    return {
      active: true,
      scope: record.scope,
      exp: Math.floor(record.expiresAt.getTime() / 1000),
      client_id: record.clientId,
    };
  }
}
