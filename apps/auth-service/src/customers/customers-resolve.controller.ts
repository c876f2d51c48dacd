import { Handles } from '@commerce/messaging';
import {
  resolveSubject,
  type Customer,
  type ReferenceLookup,
  type ResolvedReference,
  type Rpc,
} from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { customersTable } from './customers.repository.js';

/** `auth.resolve`: customers for reference resolution and expansion (e.g. `lastModifiedBy.customer`). */
@Controller()
export class CustomersResolveController {
  constructor(private readonly db: DataSource) {}

  @Handles(resolveSubject('auth'))
  async resolve(
    @Payload() { ctx, refs }: Rpc<{ refs: ReferenceLookup[] }>,
  ): Promise<ResolvedReference<Customer>[]> {
    const mine = (Array.isArray(refs) ? refs : []).filter((ref) => ref?.typeId === 'customer');
    if (mine.length === 0) return [];
    const customers = await customersTable.findMany(this.db, ctx.projectKey, {
      ids: mine.flatMap((ref) => (typeof ref.id === 'string' ? [ref.id] : [])),
      keys: mine.flatMap((ref) => (typeof ref.key === 'string' ? [ref.key] : [])),
    });
    return customers.map((customer) => ({ typeId: 'customer', resource: customer }));
  }
}
