import { ConfigError } from '@commerce/config';
import { exitWithParent } from '@commerce/service-kit';
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
  const app = await createGateway(config);
  if (config.EXIT_WITH_PARENT) exitWithParent(app);
}

await main();
