import { Handles } from '@commerce/messaging';
import { Subjects, type TokenRevocationsRequest } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { TokenRevocationLog } from './token-revocation-log.js';
import { TokenVerifier } from './token-verifier.service.js';

@Controller()
export class TokensController {
  constructor(
    private readonly verifier: TokenVerifier,
    private readonly revocationLog: TokenRevocationLog,
  ) {}

  @Handles(Subjects.auth.verifyToken)
  verify(@Payload() payload: { token: unknown }) {
    return this.verifier.verify(payload?.token);
  }

  /** The gateways poll it: every revoked access token reaches each of them within their bound. */
  @Handles(Subjects.auth.tokenRevocations)
  revocations(@Payload() payload: TokenRevocationsRequest | undefined) {
    return this.revocationLog.after(payload?.after);
  }
}
