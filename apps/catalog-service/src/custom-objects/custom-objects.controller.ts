import { Subjects, type CustomObjectRef, type Rpc } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Handles } from '@commerce/messaging';
import type { RawQuery } from '@commerce/query';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CustomObjectsService } from './custom-objects.service.js';

const subjects = Subjects.catalog.customObject;

/** What arrives over the wire is checked: a ref is an id, or a container and a key. */
function refOf(ref: unknown): CustomObjectRef {
  if (typeof ref === 'object' && ref !== null) {
    const { id, container, key } = ref as Record<string, unknown>;
    if (typeof id === 'string') return { id };
    if (typeof container === 'string' && typeof key === 'string') return { container, key };
  }
  throw Errors.invalidInput('A Custom Object is addressed by id, or by container and key.');
}

function versionOf(version: unknown): number | undefined {
  if (version === undefined || version === null) return undefined;
  if (typeof version === 'number' && Number.isSafeInteger(version) && version >= 0) return version;
  throw Errors.invalidInput('Malformed parameter: version: must be a non-negative integer.');
}

/** The RPC face of Custom Objects. */
@Controller()
export class CustomObjectsController {
  constructor(private readonly objects: CustomObjectsService) {}

  @Handles(subjects.put)
  put(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.objects.put(ctx, draft);
  }

  @Handles(subjects.get)
  get(@Payload() { ctx, ref }: Rpc<{ ref: unknown }>) {
    return this.objects.get(ctx, refOf(ref));
  }

  @Handles(subjects.query)
  query(@Payload() { ctx, container, query }: Rpc<{ container?: unknown; query?: RawQuery }>) {
    return this.objects.query(ctx, typeof container === 'string' ? container : undefined, query);
  }

  @Handles(subjects.exists)
  exists(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    return this.objects.exists(ctx, query);
  }

  @Handles(subjects.delete)
  delete(@Payload() { ctx, ref, version }: Rpc<{ ref: unknown; version?: unknown }>) {
    return this.objects.delete(ctx, refOf(ref), versionOf(version));
  }
}
