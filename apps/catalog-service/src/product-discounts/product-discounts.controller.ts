import { ProductDiscountMatchQueryDto, Subjects, type ProductVariant, type Rpc } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Handles } from '@commerce/messaging';
import { parseDto } from '@commerce/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { projectionTable } from '../product-projections/projections.table.js';
import { typedMoneyOf } from '../products/product-prices.js';
import { ProductDiscounts } from './product-discounts.service.js';

/** `POST /product-discounts/matching`: the discount that applies to one price of a variant. */
@Controller()
export class ProductDiscountMatchingController {
  constructor(
    private readonly db: DataSource,
    private readonly discounts: ProductDiscounts,
  ) {}

  @Handles(Subjects.catalog.productDiscount.matching)
  async matching(@Payload() { ctx, query }: Rpc<{ query: unknown }>) {
    const match = parseDto(ProductDiscountMatchQueryDto, query ?? {});
    const projection = await projectionTable(match.staged).findById(this.db, ctx.projectKey, match.productId);
    const variant = projection
      ? [projection.masterVariant, ...projection.variants].find(
          (v: ProductVariant) => v.id === match.variantId,
        )
      : undefined;
    if (!projection || !variant) throw Errors.noMatchingProductDiscountFound();
    const { price } = match;
    const found = await this.discounts.best(ctx.projectKey, projection, variant, {
      id: 'matching',
      value: typedMoneyOf(price.value),
      ...(price.country !== undefined ? { country: price.country } : {}),
      ...(price.customerGroup?.id
        ? { customerGroup: { typeId: 'customer-group', id: price.customerGroup.id } }
        : {}),
      ...(price.channel?.id ? { channel: { typeId: 'channel', id: price.channel.id } } : {}),
    });
    if (!found) throw Errors.noMatchingProductDiscountFound();
    return found;
  }
}
