import { identityParam, idOrKeyOfSegment, type IdOrKey, type Identity } from '@commerce/contracts';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

export type { IdOrKey };

/** One resource as its route addresses it; none for a collection's own routes and for a singleton. */
export type ResourceRef = IdOrKey | undefined;

/**
 * The resource a route addresses by the descriptor's identity: `/{id}` or `/key={key}` (the route parameter
 * `idOrKey`), `/{id}` only (`id`), or the key as the named parameter (`/{importContainerKey}`).
 */
export function resourceRefOf(
  request: FastifyRequest<{ Params: Record<string, string> }>,
  identity: Identity | undefined,
): ResourceRef {
  const value = request.params[identityParam(identity)];
  if (value === undefined) return undefined;
  if (identity === 'id') return { id: value };
  if (typeof identity === 'object') {
    return 'key' in identity ? { key: value } : idOrKeyOfSegment(value, identity.idOrPrefixed);
  }
  return idOrKeyOfSegment(value);
}

/** `resourceRefOf` as a route parameter. */
export const ResourceRefParam = createParamDecorator(
  (identity: Identity | undefined, context: ExecutionContext): ResourceRef =>
    resourceRefOf(context.switchToHttp().getRequest(), identity),
);
