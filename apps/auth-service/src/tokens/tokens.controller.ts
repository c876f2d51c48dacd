import { Handles } from '@commerce/messaging';
import { Subjects } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { TokenVerifier } from './token-verifier.service.js';

@Controller()
export class TokensController {
  constructor(private readonly verifier: TokenVerifier) {}

  @Handles(Subjects.auth.verifyToken)
  verify(@Payload() payload: { token: unknown }) {
    return this.verifier.verify(payload?.token);
  }
}
