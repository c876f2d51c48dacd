import { Subjects, type Rpc, type RequestContext } from '@commerce/contracts';
import { Handles } from '@commerce/messaging';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CustomerSearchService } from './customer-search.service.js';

const subjects = Subjects.auth.customerSearch;

@Controller()
export class CustomerSearchController {
  constructor(private readonly customers: CustomerSearchService) {}

  @Handles(subjects.search)
  search(@Payload() { ctx, request }: Rpc<{ request: unknown }>) {
    return this.customers.search(ctx, request);
  }

  @Handles(subjects.status)
  status(@Payload() { ctx }: { ctx: RequestContext }) {
    return this.customers.status(ctx);
  }
}
