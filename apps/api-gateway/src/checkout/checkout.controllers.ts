import { ShippingMethodResource, ZoneResource } from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

export const ZonesController = resourceController(ZoneResource);
export const ShippingMethodsController = resourceController(ShippingMethodResource);
