import { StoreResource } from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

export const StoresController = resourceController(StoreResource);
