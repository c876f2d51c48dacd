import { ConfigError } from '@commerce/config';
import { exitWithParent } from '@commerce/service-kit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createGateway, loadGatewayConfig, type GatewayConfig } from './app.js';

async function main(): Promise<void> {
  let config: GatewayConfig;
  try {
    config = loadGatewayConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`api-gateway: ${error.message}\n`);
    process.exit(1);
  }
  const started: { app?: NestFastifyApplication } = {};
  if (config.EXIT_WITH_PARENT) exitWithParent(() => started.app);
  started.app = await createGateway(config);
}

await main();
