import { InsightsConfigurationResource } from '@commerce/contracts';
import { UseInterceptors } from '@nestjs/common';
import { resourceController } from '../resources/resource-controller.js';
import { ConfigurationWrittenInterceptor } from './configuration-written.interceptor.js';

/**
 * `/{projectKey}/insights-configuration`, from its descriptor: one configuration per project. A write tells
 * the telemetry collector to ask again which projects export.
 */
export const InsightsConfigurationController = resourceController(InsightsConfigurationResource);
UseInterceptors(ConfigurationWrittenInterceptor)(InsightsConfigurationController);
