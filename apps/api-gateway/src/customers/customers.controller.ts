import { CustomerResource } from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

/** `/{projectKey}/customers`, from the customer's descriptor (create answers `{customer}`). */
export const CustomersController = resourceController(CustomerResource);

/** The same in one Store (`/{projectKey}/in-store/key={storeKey}/customers`: `ctx.storeKey` limits them). */
export const InStoreCustomersController = resourceController(CustomerResource, { inStore: true });
