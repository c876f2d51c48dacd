import type {
  CartDiscount,
  CartDiscountDraftDto,
  DiscountCode,
  DiscountCodeDraftDto,
} from '@commerce/contracts';
import type { ResourceEngine, ResourceHandlers } from '@commerce/resources';
import { Inject, Injectable } from '@nestjs/common';
import { StoreScopedHandlers } from '../shared/store-scoped-handlers.js';
import { CART_DISCOUNT_ENGINE } from './cart-discount.definition.js';
import { DISCOUNT_CODE_ENGINE } from './discount-code.definition.js';

/** Cart Discounts' subjects: in a Store only those whose `stores` hold it. */
@Injectable()
export class CartDiscountHandlers extends StoreScopedHandlers<CartDiscount> implements ResourceHandlers {
  constructor(@Inject(CART_DISCOUNT_ENGINE) engine: ResourceEngine<CartDiscount, CartDiscountDraftDto>) {
    super(engine);
  }
}

/** Discount Codes' subjects: in a Store only those whose `stores` (from their cart discounts) hold it. */
@Injectable()
export class DiscountCodeHandlers extends StoreScopedHandlers<DiscountCode> implements ResourceHandlers {
  constructor(@Inject(DISCOUNT_CODE_ENGINE) engine: ResourceEngine<DiscountCode, DiscountCodeDraftDto>) {
    super(engine);
  }
}
