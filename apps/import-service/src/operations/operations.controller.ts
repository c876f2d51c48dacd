import { Handles } from '@commerce/messaging';
import { Subjects, type Rpc } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { RawQuery } from '../shared/paging.js';
import { OperationsService } from './operations.service.js';

@Controller()
export class OperationsController {
  constructor(private readonly operations: OperationsService) {}

  @Handles(Subjects.import.prices)
  importPrices(@Payload() { ctx, containerKey, request }: Rpc<{ containerKey: unknown; request: unknown }>) {
    return this.operations.importPrices(ctx, containerKey, request);
  }

  @Handles(Subjects.import.orders)
  importOrders(@Payload() { ctx, containerKey, request }: Rpc<{ containerKey: unknown; request: unknown }>) {
    return this.operations.importOrders(ctx, containerKey, request);
  }

  @Handles(Subjects.import.inventories)
  importInventories(
    @Payload() { ctx, containerKey, request }: Rpc<{ containerKey: unknown; request: unknown }>,
  ) {
    return this.operations.importInventories(ctx, containerKey, request);
  }

  @Handles(Subjects.import.standalonePrices)
  importStandalonePrices(
    @Payload() { ctx, containerKey, request }: Rpc<{ containerKey: unknown; request: unknown }>,
  ) {
    return this.operations.importStandalonePrices(ctx, containerKey, request);
  }

  @Handles(Subjects.import.operation.get)
  get(@Payload() { ctx, id }: Rpc<{ id: unknown }>) {
    return this.operations.get(ctx, id);
  }

  @Handles(Subjects.import.operation.query)
  query(@Payload() { ctx, containerKey, query }: Rpc<{ containerKey: unknown; query?: RawQuery }>) {
    return this.operations.query(ctx, containerKey, query);
  }

  @Handles(Subjects.import.summary)
  summary(@Payload() { ctx, containerKey }: Rpc<{ containerKey: unknown }>) {
    return this.operations.summary(ctx, containerKey);
  }
}
