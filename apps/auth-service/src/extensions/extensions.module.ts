import {
  EXTENSION_DEFAULT_TIMEOUT_MS,
  Events,
  ExtensionResource,
  Subjects,
  type Extension,
  type ExtensionDestination,
  type Rpc,
  type TriggeredExtension,
} from '@commerce/contracts';
import { EventBus, Handles } from '@commerce/messaging';
import { outboundPolicyFromEnv } from '@commerce/outbound';
import { engineProvider, resourceRpcController } from '@commerce/resources';
import { Controller, Module } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { AuthSecrets } from '../secrets/auth-secrets.js';
import { extensionSecrets } from './extension-secrets.js';
import { EXTENSION_ENGINE, defineExtension } from './extension.definition.js';
import { extensionsTable } from './extensions.table.js';

/** At most this many extensions are read per project (the live API allows 25 per project). */
const MAX_EXTENSIONS = 500;

/** The destination with its secrets put back, for the service that calls it. */
function opened(
  destination: ExtensionDestination,
  secrets: Record<string, string> | undefined,
): ExtensionDestination {
  if (destination.type === 'HTTP' && destination.authentication && secrets?.authentication !== undefined) {
    const auth = destination.authentication;
    return {
      ...destination,
      authentication:
        auth.type === 'AuthorizationHeader'
          ? { type: 'AuthorizationHeader', headerValue: secrets.authentication }
          : { type: 'AzureFunctions', key: secrets.authentication },
    };
  }
  if (destination.type === 'AWSLambda' && secrets?.accessSecret !== undefined) {
    return { ...destination, accessSecret: secrets.accessSecret };
  }
  return destination;
}

/** `auth.extensions.triggers`: what the services that own triggering resources need to call them. */
@Controller()
export class ExtensionTriggersController {
  constructor(
    private readonly db: DataSource,
    private readonly secrets: AuthSecrets,
  ) {}

  @Handles(Subjects.auth.extensionTriggers)
  async triggers(@Payload() { ctx }: Rpc): Promise<TriggeredExtension[]> {
    const page = await extensionsTable.query(this.db, ctx.projectKey, {
      where: [],
      sort: [],
      expand: [],
      vars: {},
      limit: MAX_EXTENSIONS,
      offset: 0,
      withTotal: false,
    });
    const extensions: Extension[] = page.results;
    const sealed = this.secrets.configured
      ? await extensionSecrets.readAll(this.db, this.secrets.sealer('extension secrets'), ctx.projectKey)
      : new Map<string, Record<string, string>>();
    return extensions.map((extension) => ({
      id: extension.id,
      ...(extension.key !== undefined ? { key: extension.key } : {}),
      destination: opened(extension.destination, sealed.get(extension.id)),
      triggers: extension.triggers,
      timeoutInMs: extension.timeoutInMs ?? EXTENSION_DEFAULT_TIMEOUT_MS,
      ...(extension.additionalContext?.includeOldResource ? { includeOldResource: true } : {}),
    }));
  }
}

@Module({
  controllers: [resourceRpcController(ExtensionResource, EXTENSION_ENGINE), ExtensionTriggersController],
  providers: [
    AuthSecrets,
    engineProvider(
      EXTENSION_ENGINE,
      (secrets: AuthSecrets, events: EventBus) =>
        defineExtension({
          secrets,
          // Plain http is allowed for extensions, as the live API allows it (checkout facts 11).
          outbound: { ...outboundPolicyFromEnv(), allowHttp: true },
          changed: (projectKey) => events.publish(Events.extensionsChanged, { projectKey }),
        }),
      [AuthSecrets, EventBus],
    ),
  ],
})
export class ExtensionsModule {}
