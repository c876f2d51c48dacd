import { ZoneResource } from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

export const ZonesController = resourceController(ZoneResource);
