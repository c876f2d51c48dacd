import { idOrKeyOfSegment, type IdOrKey } from '@commerce/contracts';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

export type { IdOrKey };

/** Reads `/{id}` or `/key={key}` from the route parameter `idOrKey`. */
export const IdOrKeyParam = createParamDecorator((_data: unknown, context: ExecutionContext): IdOrKey => {
  const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: { idOrKey: string } }>>();
  return idOrKeyOfSegment(request.params.idOrKey);
});
