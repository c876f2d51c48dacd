import { Subjects, type TokenRequest } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TokenGrantsService } from './token-grants.service.js';
import { TokenVerifier } from './token-verifier.service.js';

@Controller()
export class TokensController {
  constructor(
    private readonly grants: TokenGrantsService,
    private readonly verifier: TokenVerifier,
  ) {}

  @MessagePattern(Subjects.auth.token)
  token(@Payload() request: TokenRequest) {
    return this.grants.grant(request);
  }

  @MessagePattern(Subjects.auth.verifyToken)
  verify(@Payload() payload: { token: unknown }) {
    return this.verifier.verify(payload?.token);
  }
}
