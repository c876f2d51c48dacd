import { CheckoutLineItemsRequestDto, Subjects, type Rpc } from '@commerce/contracts';
import { Handles } from '@commerce/messaging';
import { parseDto } from '@commerce/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { ProductDiscounts } from '../product-discounts/product-discounts.service.js';
import { checkoutLineItems } from './checkout-line-items.js';

/** What checkout-service reads from the catalog for a cart change, in one request. */
@Controller()
export class CheckoutController {
  constructor(
    private readonly db: DataSource,
    private readonly pricing: ProductDiscounts,
  ) {}

  @Handles(Subjects.catalog.checkout.lineItems)
  lineItems(@Payload() { ctx, ...request }: Rpc<object>) {
    return checkoutLineItems(
      this.db,
      ctx.projectKey,
      parseDto(CheckoutLineItemsRequestDto, request),
      this.pricing,
    );
  }
}
