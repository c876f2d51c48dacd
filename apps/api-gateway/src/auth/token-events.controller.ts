import { On } from '@commerce/messaging';
import { Events, type ProjectChangedEvent, type TokenRevokedEvent } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Authenticator } from './authenticator.service.js';

/**
 * Every gateway replica hears these (it joins no queue group): a revoked token is forgotten at once, and a
 * changed project's external OAuth setting is read again.
 */
@Controller()
export class TokenEventsController {
  constructor(private readonly authenticator: Authenticator) {}

  @On(Events.tokenRevoked)
  revoked(@Payload() event: TokenRevokedEvent) {
    if (typeof event?.tokenHash === 'string') this.authenticator.revoke(event.tokenHash);
  }

  @On(Events.projectChanged)
  projectChanged(@Payload() event: ProjectChangedEvent) {
    if (typeof event?.projectKey === 'string') this.authenticator.projectChanged(event.projectKey);
  }
}
