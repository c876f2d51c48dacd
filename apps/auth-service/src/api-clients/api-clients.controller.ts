import { Handles } from '@commerce/messaging';
import { ApiClientResource, type Rpc } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ApiClientsService } from './api-clients.service.js';

// The API client's subjects come from its descriptor (by id, no update; create carries the caller's scopes).
const subjects = ApiClientResource.subjects;

function idOf(ref: unknown): string {
  const id = (ref as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') throw Errors.invalidInput('An API client is addressed by its id.');
  return id;
}

@Controller()
export class ApiClientsController {
  constructor(private readonly clients: ApiClientsService) {}

  @Handles(subjects.create)
  create(@Payload() { ctx, draft, callerScopes }: Rpc<{ draft: unknown; callerScopes?: unknown }>) {
    const scopes = Array.isArray(callerScopes)
      ? callerScopes.filter((scope) => typeof scope === 'string')
      : [];
    return this.clients.create(ctx, draft, scopes);
  }

  @Handles(subjects.get)
  get(@Payload() { ctx, ref }: Rpc<{ ref: unknown }>) {
    return this.clients.get(ctx, idOf(ref));
  }

  @Handles(subjects.query)
  query(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    return this.clients.query(ctx, parseQueryParams(query ?? {}));
  }

  @Handles(subjects.exists)
  exists(@Payload() { ctx, ref, query }: Rpc<{ ref?: unknown; query?: RawQuery }>) {
    return this.clients.exists(ctx, ref === undefined ? undefined : idOf(ref), parseQueryParams(query ?? {}));
  }

  @Handles(subjects.delete)
  delete(@Payload() { ctx, ref }: Rpc<{ ref: unknown }>) {
    return this.clients.delete(ctx, idOf(ref));
  }
}
