import { createGateway, loadGatewayConfig } from '@commerce/api-gateway/app';
import { authServiceApp } from '@commerce/auth-service/app';
import { catalogServiceApp } from '@commerce/catalog-service/app';
import { checkoutServiceApp } from '@commerce/checkout-service/app';
import { importServiceApp } from '@commerce/import-service/app';
import { insightsServiceApp } from '@commerce/insights-service/app';
import {
  createInProcessService,
  loadServiceConfig,
  rootLogger,
  type ServiceApp,
} from '@commerce/service-kit';
import { storesServiceApp } from '@commerce/stores-service/app';

/** Every service of the platform; the gateway comes last, once every handler is on the in-process bus. */
export const SERVICE_APPS: readonly ServiceApp[] = [
  authServiceApp,
  storesServiceApp,
  catalogServiceApp,
  insightsServiceApp,
  importServiceApp,
  checkoutServiceApp,
];

export interface AllInOne {
  stop(): Promise<void>;
}

/**
 * The all-in-one mode: every app's Nest module in this process, requests dispatched in process through the
 * same subjects and handlers as over NATS. Configuration comes from `env`, as each app would read it alone.
 */
export async function startAllInOne(env: NodeJS.ProcessEnv): Promise<AllInOne> {
  if (env.NATS_URL)
    throw new Error('The all-in-one mode runs without NATS_URL (set, it means the distributed mode).');
  const serviceConfig = loadServiceConfig(env);
  // One logger for the process; each app's lines name that app (asService), the rest `platform`.
  rootLogger(serviceConfig.LOG_LEVEL, 'platform');
  const services = await Promise.all(SERVICE_APPS.map((app) => createInProcessService(app, serviceConfig)));
  const gateway = await createGateway(loadGatewayConfig(env));
  return {
    async stop() {
      await gateway.close();
      await Promise.all(services.map((service) => service.close()));
    },
  };
}
