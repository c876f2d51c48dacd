import { ConfigError } from '@commerce/config';
import { loadCallbackConfig } from './config.js';
import { buildServer } from './server.js';

try {
  const config = loadCallbackConfig();
  const app = buildServer(config);
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ address, path: config.INSTORE_CALLBACK_PATH }, 'in-store callback listening');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
