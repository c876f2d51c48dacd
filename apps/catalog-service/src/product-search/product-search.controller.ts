import { Subjects, type Rpc } from '@commerce/contracts';
import { Handles } from '@commerce/messaging';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ProductSearchService } from './product-search.service.js';

@Controller()
export class ProductSearchController {
  constructor(private readonly products: ProductSearchService) {}

  @Handles(Subjects.catalog.product.search)
  search(@Payload() { ctx, request }: Rpc<{ request: unknown }>) {
    return this.products.search(ctx, request);
  }
}
