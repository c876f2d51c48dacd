import { CartResource, ZoneResource } from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

export const ZonesController = resourceController(ZoneResource);
export const CartsController = resourceController(CartResource);
export const InStoreCartsController = resourceController(CartResource, { inStore: true });
