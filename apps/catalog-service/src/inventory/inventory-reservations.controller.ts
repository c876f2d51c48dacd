import {
  InventoryOrderDto,
  InventoryReserveDto,
  Subjects,
  type RequestContext,
} from '@commerce/contracts';
import { Handles } from '@commerce/messaging';
import { parseDto } from '@commerce/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { InventoryReservations } from './inventory-reservations.js';

type Request = { ctx: RequestContext } & Record<string, unknown>;

/** An order's reservation, for the checkout (never trusts the wire). */
@Controller()
export class InventoryReservationsController {
  constructor(private readonly reservations: InventoryReservations) {}

  @Handles(Subjects.catalog.inventory.reserve)
  reserve(@Payload() { ctx, ...request }: Request) {
    const { orderId, items } = parseDto(InventoryReserveDto, request);
    return this.reservations.reserve(ctx, orderId, items);
  }

  @Handles(Subjects.catalog.inventory.confirm)
  confirm(@Payload() { ctx, ...request }: Request) {
    return this.reservations.confirm(ctx, parseDto(InventoryOrderDto, request).orderId);
  }

  @Handles(Subjects.catalog.inventory.release)
  release(@Payload() { ctx, ...request }: Request) {
    return this.reservations.release(ctx, parseDto(InventoryOrderDto, request).orderId);
  }
}
