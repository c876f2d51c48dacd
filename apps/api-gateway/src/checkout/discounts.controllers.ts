import { CartDiscountResource, DiscountCodeResource, DiscountGroupResource } from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

export const CartDiscountsController = resourceController(CartDiscountResource);
export const DiscountCodesController = resourceController(DiscountCodeResource);
export const DiscountGroupsController = resourceController(DiscountGroupResource);
