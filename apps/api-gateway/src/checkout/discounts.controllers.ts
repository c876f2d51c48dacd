import { CartDiscountResource, DiscountCodeResource, DiscountGroupResource } from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

export const CartDiscountsController = resourceController(CartDiscountResource);
export const InStoreCartDiscountsController = resourceController(CartDiscountResource, { inStore: true });
export const DiscountCodesController = resourceController(DiscountCodeResource);
export const InStoreDiscountCodesController = resourceController(DiscountCodeResource, { inStore: true });
export const DiscountGroupsController = resourceController(DiscountGroupResource);
