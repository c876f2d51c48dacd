import { productionMaxPayload } from './cluster.js';

describe(productionMaxPayload.name, () => {
  it("reads the deployed NATS server's payload limit, above the server's 1 MB default", async () => {
    expect(await productionMaxPayload()).toBeGreaterThan(1024 * 1024);
  });
});
