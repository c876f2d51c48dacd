import { InsightsConfigurationResource } from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

/** `/{projectKey}/insights-configuration`, from its descriptor: one configuration per project. */
export const InsightsConfigurationController = resourceController(InsightsConfigurationResource);
