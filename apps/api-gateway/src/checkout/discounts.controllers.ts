import { CartDiscountResource, DiscountCodeResource } from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

export const CartDiscountsController = resourceController(CartDiscountResource);
export const DiscountCodesController = resourceController(DiscountCodeResource);
