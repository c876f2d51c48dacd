import { Events, type TokenRevokedEvent } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { Authenticator } from './authenticator.service.js';

/** Every gateway replica hears revocations (no queue group) and forgets the token at once. */
@Controller()
export class TokenEventsController {
  constructor(private readonly authenticator: Authenticator) {}

  @EventPattern(Events.tokenRevoked)
  revoked(@Payload() event: TokenRevokedEvent) {
    if (typeof event?.tokenHash === 'string') this.authenticator.revoke(event.tokenHash);
  }
}
