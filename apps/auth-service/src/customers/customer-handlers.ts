import { idOrKeyOf, versionOf, type RequestContext } from '@commerce/contracts';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import type { ResourceHandlers } from '@commerce/resources';
import { Injectable } from '@nestjs/common';
import { CustomerSignIn } from './customer-sign-in.service.js';
import { CustomersService } from './customers.service.js';

/**
 * The customer's six subjects as the engine answers them (`resourceRpcController(CustomerResource, ...)`):
 * what arrives off the wire is read here (id or key, query string, version), the services decide.
 */
@Injectable()
export class CustomerHandlers implements ResourceHandlers {
  constructor(
    private readonly customers: CustomersService,
    private readonly signIns: CustomerSignIn,
  ) {}

  /** A sign-up: the customer, and the anonymous cart and session its draft names. */
  create(ctx: RequestContext, draft: unknown) {
    return this.signIns.signUp(ctx, draft);
  }

  get(ctx: RequestContext, ref: unknown) {
    return this.customers.get(ctx, idOrKeyOf(ref));
  }

  query(ctx: RequestContext, query: RawQuery | undefined) {
    return this.customers.query(ctx, parseQueryParams(query ?? {}));
  }

  exists(ctx: RequestContext, ref: unknown, query: RawQuery | undefined) {
    const params = parseQueryParams(query ?? {});
    return this.customers.exists(ctx, ref === undefined ? undefined : idOrKeyOf(ref), params);
  }

  update(ctx: RequestContext, ref: unknown, update: unknown) {
    return this.customers.update(ctx, idOrKeyOf(ref), update);
  }

  delete(ctx: RequestContext, ref: unknown, version: unknown) {
    return this.customers.delete(ctx, idOrKeyOf(ref), versionOf(version));
  }
}
