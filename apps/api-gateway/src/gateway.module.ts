import { ServiceKitModule } from '@commerce/service-kit';
import { Module, type DynamicModule } from '@nestjs/common';
import { ApiClientsModule } from './api-clients/api-clients.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CatalogModule } from './catalog/catalog.module.js';
import { CheckoutModule } from './checkout/checkout.module.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { GraphqlModule } from './graphql/graphql.module.js';
import { ProbeServer } from './http/probe-server.js';
import { ImagesModule } from './images/images.module.js';
import { ImportModule } from './import/import.module.js';
import { CustomersModule } from './customers/customers.module.js';
import { MeModule } from './me/me.module.js';
import { MessagesModule } from './messages/messages.module.js';
import { OAuthModule } from './oauth/oauth.module.js';
import { OpenApiModule } from './openapi/openapi.module.js';
import { ProjectModule } from './project/project.module.js';
import { RateLimitsModule } from './rate-limits/rate-limits.module.js';
import { GatewayResourcesModule } from './resources/resources.module.js';
import { InsightsModule } from './insights/insights.module.js';
import { StoresModule } from './stores/stores.module.js';
import { ExtensionsModule } from './extensions/extensions.controller.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.controller.js';

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      global: true,
      imports: [
        ServiceKitModule.forService({ name: 'api-gateway', publicHttp: true }, config),
        RateLimitsModule,
        AuthModule,
        OAuthModule,
        ApiClientsModule,
        CustomersModule,
        MeModule,
        GatewayResourcesModule,
        StoresModule,
        ExtensionsModule,
        SubscriptionsModule,
        CatalogModule,
        CheckoutModule,
        ImagesModule,
        MessagesModule,
        ProjectModule,
        GraphqlModule,
        OpenApiModule,
        ImportModule,
        InsightsModule,
      ],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }, ProbeServer],
      exports: [GATEWAY_CONFIG],
    };
  }
}
