import { Public } from '@commerce/auth';
import { Subjects, type OAuthClientRequest, type TokenRequest } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { Controller, Header, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Authenticator } from '../auth/authenticator.service.js';
import { GatewayRateLimits } from '../rate-limits/gateway-rate-limits.js';
import { basicCredentials } from './basic-credentials.js';

type Form = Record<string, string | string[] | undefined>;

/** The path of the authorization endpoints, the only ones that take form bodies (http/media-types.ts). */
export const OAUTH_PATH = 'oauth';

/**
 * The authorization endpoints; auth-service decides, the gateway only reads the HTTP envelope and counts
 * each request against the token endpoints' rate limits (password grants also against stricter ones).
 */
@Controller(OAUTH_PATH)
@Public()
export class OAuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly rateLimits: GatewayRateLimits,
    private readonly authenticator: Authenticator,
  ) {}

  @Post('token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  token(@Req() request: FastifyRequest) {
    return this.grant(request, { path: 'token' });
  }

  @Post(':projectKey/customers/token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  customers(@Req() request: FastifyRequest, @Param('projectKey') projectKey: string) {
    return this.grant(request, { path: 'customers', projectKey });
  }

  @Post(':projectKey/in-store/:storeRef/customers/token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  inStoreCustomers(
    @Req() request: FastifyRequest,
    @Param('projectKey') projectKey: string,
    @Param('storeRef') storeRef: string,
  ) {
    if (!storeRef.startsWith('key=')) throw Errors.routeNotFound(request.url);
    return this.grant(request, { path: 'in-store-customers', projectKey, storeKey: storeRef.slice(4) });
  }

  @Post(':projectKey/anonymous/token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  anonymous(@Req() request: FastifyRequest, @Param('projectKey') projectKey: string) {
    return this.grant(request, { path: 'anonymous', projectKey });
  }

  @Post('introspect')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  async introspect(@Req() request: FastifyRequest) {
    await this.limit(request, false);
    return this.rpc.send(Subjects.auth.introspect, this.clientRequest(request));
  }

  /**
   * RFC 7009: 200 with no body, whatever became of the token. The answer waits until this gateway has read
   * the revocation log past the revocation, so no token it revoked is served from this gateway's cache after
   * it (other replicas: within the bound, docs/CONSISTENCY.md).
   */
  @Post('token/revoke')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async revoke(@Req() request: FastifyRequest): Promise<void> {
    await this.limit(request, false);
    await this.rpc.send(Subjects.auth.revoke, this.clientRequest(request, true));
    await this.authenticator.revocations.catchUp();
  }

  private clientRequest(request: FastifyRequest, lenient = false): OAuthClientRequest {
    let form: Record<string, string>;
    try {
      form = singleValued(request.body);
    } catch (error) {
      if (!lenient) throw error;
      form = {};
    }
    return {
      credentials: basicCredentials(request.headers.authorization),
      form,
      correlationId: request.correlationId,
    };
  }

  private limit(
    request: FastifyRequest,
    passwordGrant: boolean,
    credentials = basicCredentials(request.headers.authorization),
  ): Promise<void> {
    return this.rateLimits.tokenRequest({
      clientId: credentials?.clientId ?? '',
      ip: request.ip,
      passwordGrant,
    });
  }

  private async grant(
    request: FastifyRequest,
    target: Pick<TokenRequest, 'path' | 'projectKey' | 'storeKey'>,
  ) {
    const credentials = basicCredentials(request.headers.authorization);
    await this.limit(
      request,
      target.path === 'customers' || target.path === 'in-store-customers',
      credentials,
    );
    const payload: TokenRequest = {
      ...target,
      credentials,
      form: singleValued(request.body),
      remoteAddress: request.ip,
      correlationId: request.correlationId,
      deadline: request.deadline,
    };
    return this.rpc.send(Subjects.auth.token, payload);
  }
}

/** The form as single values; a repeated parameter is an invalid request (RFC 6749, 3.1). */
function singleValued(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(body as Form)) {
    if (Array.isArray(value)) throw Errors.invalidRequest(`Parameter ${name} must not be repeated.`);
    if (typeof value === 'string') form[name] = value;
  }
  return form;
}
