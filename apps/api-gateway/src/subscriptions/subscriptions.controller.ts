import { PublicOperation } from '@commerce/auth';
import { SubscriptionResource } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { Controller, Module, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { requestContextOf } from '../http/request-context.decorator.js';
import { GatewayRateLimits } from '../rate-limits/gateway-rate-limits.js';
import { resourceController } from '../resources/resource-controller.js';

/** `/{projectKey}/subscriptions`, from the Subscription's descriptor (auth-service owns them). */
export const SubscriptionsController = resourceController(SubscriptionResource);

/**
 * `GET /{projectKey}/subscriptions/{ID}/health` (checkout facts 1; the API reference's answers): for a
 * monitoring system to poll, so without a token, as on the live API. 200 when the Subscription is `Healthy`
 * (with an empty JSON object: the SDK's client parses every answer to a GET as JSON),
 * 400 `InvalidOperation` while it is `ConfigurationError`, `ConfigurationErrorDeliveryStopped` or
 * `ManuallySuspended` (the reference names the first two; the third needs an operator too), 503
 * `ServiceUnavailable` while it is `TemporaryError`, 404 for no such Subscription. It tells nothing but the
 * status of a Subscription whose id the caller knows; each request counts against the data limit of its IP.
 */
@Controller()
export class SubscriptionHealthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly limits: GatewayRateLimits,
  ) {}

  @PublicOperation('subscriptions.health')
  async health(
    @Req() request: FastifyRequest<{ Params: Record<string, string> }>,
    @Param('id') id: string,
  ): Promise<Record<string, never>> {
    await this.limits.publicRequest(request.ip);
    const ctx = requestContextOf(request);
    const { status } = await this.rpc.send(SubscriptionResource.subjects.get, { ctx, ref: { id } });
    if (status === 'TemporaryError')
      throw Errors.serviceUnavailable(`The Subscription '${id}' is TemporaryError: its destination failed.`);
    if (status !== 'Healthy') throw Errors.invalidOperation(`The Subscription '${id}' is ${status}.`);
    return {};
  }
}

@Module({ controllers: [SubscriptionsController, SubscriptionHealthController] })
export class SubscriptionsModule {}
