import { Operation, satisfies } from '@commerce/auth';
import { Subjects, type Principal, type RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { Body, Controller, HttpCode, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Ctx } from '../http/request-context.decorator.js';
import { Expander } from '../resources/expander.service.js';

/** The projection parameters the edge reads: `staged` (needs `view_products`) and `expand`. */
function projectionParameters(body: unknown): { staged: boolean; expand: string[] } {
  const params = (body as { productProjectionParameters?: unknown } | null)?.productProjectionParameters;
  if (typeof params !== 'object' || params === null) return { staged: false, expand: [] };
  const { staged, expand } = params as { staged?: unknown; expand?: unknown };
  const paths = Array.isArray(expand)
    ? expand.filter((path): path is string => typeof path === 'string')
    : [];
  return { staged: staged === true, expand: paths };
}

/**
 * `POST /{projectKey}/products/search`: catalog-service checks and runs the search; the projections next to
 * the hits (`productProjectionParameters`) are expanded here, and staged ones need `view_products`.
 */
@Controller()
export class ProductSearchController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly expander: Expander,
  ) {}

  @Operation('products.search')
  @HttpCode(200)
  async search(@Ctx() ctx: RequestContext, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { staged, expand } = projectionParameters(body);
    if (staged) this.requireViewProducts(ctx, request.principal);
    const page = await this.rpc.send(Subjects.catalog.product.search, { ctx, request: body ?? {} });
    if (expand.length === 0) return page;
    const projections = page.results.flatMap((result) =>
      result.productProjection ? [result.productProjection] : [],
    );
    const expanded = await this.expander.expand(ctx, projections, expand);
    const byId = new Map(expanded.map((projection) => [projection.id, projection]));
    return {
      ...page,
      results: page.results.map((result) =>
        result.productProjection
          ? { ...result, productProjection: byId.get(result.id) ?? result.productProjection }
          : result,
      ),
    };
  }

  private requireViewProducts(ctx: RequestContext, principal: Principal | undefined): void {
    if (!satisfies(principal?.scopes ?? [], ['view_products'], ctx.projectKey, ctx.storeKey)) {
      throw Errors.insufficientScope([`view_products:${ctx.projectKey}`]);
    }
  }
}
