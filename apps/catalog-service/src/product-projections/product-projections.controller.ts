import { Handles } from '@commerce/messaging';
import { Subjects, type Rpc } from '@commerce/contracts';
import type { RawQuery } from '@commerce/query';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ProductProjectionsService } from './product-projections.service.js';
import { ProductSearchService } from './search/product-search.service.js';

const subjects = Subjects.catalog.productProjection;

@Controller()
export class ProductProjectionsController {
  constructor(
    private readonly projections: ProductProjectionsService,
    private readonly search: ProductSearchService,
  ) {}

  @Handles(subjects.get)
  get(@Payload() { ctx, ref, query }: Rpc<{ ref: unknown; query?: RawQuery }>) {
    return this.projections.get(ctx, ref, query);
  }

  @Handles(subjects.query)
  query(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    return this.projections.query(ctx, query);
  }

  @Handles(subjects.exists)
  exists(@Payload() { ctx, ref, query }: Rpc<{ ref?: unknown; query?: RawQuery }>) {
    return this.projections.exists(ctx, ref, query);
  }

  @Handles(subjects.search)
  searchProjections(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    return this.search.search(ctx, query);
  }
}
