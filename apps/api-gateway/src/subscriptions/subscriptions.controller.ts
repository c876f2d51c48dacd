import { SubscriptionResource } from '@commerce/contracts';
import { Module } from '@nestjs/common';
import { resourceController } from '../resources/resource-controller.js';

/** `/{projectKey}/subscriptions`, from the Subscription's descriptor (auth-service owns them). */
export const SubscriptionsController = resourceController(SubscriptionResource);

@Module({ controllers: [SubscriptionsController] })
export class SubscriptionsModule {}
