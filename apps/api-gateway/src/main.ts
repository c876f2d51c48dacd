import { ConfigError } from '@commerce/config';
import { exitWithParent } from '@commerce/service-kit';
import { createGateway, loadGatewayConfig, type GatewayConfig } from './app.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

async function main(): Promise<void> {
  let config: GatewayConfig;
  let app: NestFastifyApplication;
  try {
    config = loadGatewayConfig();
    app = await createGateway(config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`api-gateway: ${error.message}\n`);
    process.exit(1);
  }
  if (config.EXIT_WITH_PARENT) exitWithParent(app);
}

await main();
