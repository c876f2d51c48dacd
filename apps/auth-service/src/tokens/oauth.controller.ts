import { Handles } from '@commerce/messaging';
import { Subjects, type OAuthClientRequest, type TokenRequest } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IntrospectionService } from './introspection.service.js';
import { RevocationService } from './revocation.service.js';
import { TokenGrantsService } from './token-grants.service.js';

/** The authorization endpoints behind the gateway's `/oauth/...` routes. */
@Controller()
export class OAuthController {
  constructor(
    private readonly grants: TokenGrantsService,
    private readonly introspection: IntrospectionService,
    private readonly revocation: RevocationService,
  ) {}

  @Handles(Subjects.auth.token)
  token(@Payload() request: TokenRequest) {
    return this.grants.grant(request);
  }

  @Handles(Subjects.auth.introspect)
  introspect(@Payload() request: OAuthClientRequest) {
    return this.introspection.introspect(request);
  }

  @Handles(Subjects.auth.revoke)
  revoke(@Payload() request: OAuthClientRequest) {
    return this.revocation.revoke(request);
  }
}
