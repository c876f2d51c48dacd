import { Module } from '@nestjs/common';
import { LoginThrottle } from './login-throttle.service.js';
import { TokenIssuer } from './token-issuer.service.js';
import { TokenRevocations } from './token-revocations.service.js';
import { TokenRevocationLog } from './token-revocation-log.js';
import { TokenSweeper } from './token-sweeper.service.js';
import { TokenVerifier } from './token-verifier.service.js';
import { TokensController } from './tokens.controller.js';
import { TokensRepository } from './tokens.repository.js';

/** Token storage: issuing, verifying for the gateway, revoking, sweeping the expired ones; the sign-in throttle. */
@Module({
  controllers: [TokensController],
  providers: [
    TokensRepository,
    TokenIssuer,
    TokenVerifier,
    TokenRevocations,
    TokenRevocationLog,
    TokenSweeper,
    LoginThrottle,
  ],
  exports: [TokensRepository, TokenIssuer, TokenRevocations, LoginThrottle],
})
export class TokensModule {}
