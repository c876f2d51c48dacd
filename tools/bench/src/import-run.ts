import { launchPlatform } from '@commerce/platform';
import { benchImport } from './import-bench.js';

/**
 * `npm run bench:import`: starts the platform (embedded, or NATS and PostgreSQL when NATS_URL and
 * DATABASE_URL are set), imports 10,000 embedded prices and prints prices per second end to end.
 */
const platform = await launchPlatform();
try {
  const result = await benchImport(platform);
  process.stdout.write(
    `Embedded price import (${platform.mode}): ${result.prices} prices in ${result.seconds.toFixed(2)} s = ` +
      `${Math.round(result.pricesPerSecond)} prices/s (all POSTs answered after ${result.postSeconds.toFixed(2)} s)\n`,
  );
} finally {
  await platform.stop();
}
