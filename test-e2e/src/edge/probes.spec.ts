import { http } from '../support/http.js';

/**
 * The API port is public (the region's route): its probes answer the status only. Readiness with every
 * dependency by name is on the probe port (HEALTH_PORT), where Kubernetes asks.
 */
describe('the probes on the public API port', () => {
  it('/health answers the status only', async () => {
    const response = await http('GET', '/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('/ready answers the status only, naming no internal dependency', async () => {
    const response = await http('GET', '/ready');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});
