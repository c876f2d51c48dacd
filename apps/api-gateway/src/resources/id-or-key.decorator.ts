import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

export type IdOrKey = { id: string } | { key: string };

/** Reads `/{id}` or `/key={key}` from the route parameter `idOrKey`. */
export const IdOrKeyParam = createParamDecorator((_data: unknown, context: ExecutionContext): IdOrKey => {
  const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: { idOrKey: string } }>>();
  const value = request.params.idOrKey;
  return value.startsWith('key=') ? { key: value.slice('key='.length) } : { id: value };
});
