import { ConfigError } from '@commerce/config';
import { startTracing } from '@commerce/tracing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { GatewayConfig } from './app.js';

async function main(): Promise<void> {
  // Tracing first, when OTEL_EXPORTER_OTLP_ENDPOINT asks for it: the app's modules load after it.
  await startTracing('api-gateway');
  const { exitWithParent } = await import('@commerce/service-kit');
  const { createGateway, loadGatewayConfig } = await import('./app.js');
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
