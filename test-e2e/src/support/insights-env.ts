import net from 'node:net';

/** A port that is free now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** What the insights tests need to know about the platform's settings (written by global setup). */
export interface InsightsTestInfo {
  metricsPort: number;
  /** The vendors' OTLP ingest points at a receiver the tests start on this port. */
  vendorReceiverPort: number;
  logFile: string;
}
