// Compiled by route-contracts.spec.ts: every descriptor's routes keep their contracts.
import { RESOURCE_DESCRIPTORS, StoreResource } from '@commerce/contracts';
import { resourceController } from '../../src/resources/resource-controller.js';

export const routes = [
  resourceController(StoreResource, { inStore: true }),
  ...RESOURCE_DESCRIPTORS.map((descriptor) => resourceController(descriptor)),
];
