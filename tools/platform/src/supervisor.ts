import { SERVICE_NODE_OPTIONS } from '@commerce/config';
// The list alone: the package's index loads every DTO with class-validator, which a launcher has no use for.
import { SERVICE_NAMES, type ServiceName } from '@commerce/contracts/services';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import { appEntry } from './paths.js';

export interface RunningApp {
  name: ServiceName;
  process: ChildProcess;
  healthUrl: string;
}

/** Starts every app as a child process that exits with its parent; services first, the gateway last. */
export function startApps(
  baseEnv: NodeJS.ProcessEnv,
  ports: { gateway: number; healthBase: number; host: string },
): RunningApp[] {
  const order: ServiceName[] = [...SERVICE_NAMES.filter((name) => name !== 'api-gateway'), 'api-gateway'];
  return order.map((name) => {
    const healthPort =
      name === 'api-gateway' ? ports.gateway : ports.healthBase + SERVICE_NAMES.indexOf(name);
    const env: NodeJS.ProcessEnv = {
      ...baseEnv,
      HOST: ports.host,
      HEALTH_PORT: String(healthPort),
      EXIT_WITH_PARENT: 'true',
    };
    if (name === 'api-gateway') env.PORT = String(ports.gateway);
    const child = spawn(process.execPath, [...SERVICE_NODE_OPTIONS, appEntry(name)], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    // A gateway that terminates TLS itself serves its probes over HTTPS.
    const scheme = name === 'api-gateway' && baseEnv.TLS_CERT_FILE ? 'https' : 'http';
    return { name, process: child, healthUrl: `${scheme}://${ports.host}:${healthPort}` };
  });
}

/** Polls `/ready` of every app until all answer 200, or fails naming the ones that did not. */
export async function waitUntilReady(apps: RunningApp[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(apps);
  while (pending.size > 0) {
    for (const app of [...pending]) {
      if (app.process.exitCode !== null)
        throw new Error(`${app.name} exited with code ${app.process.exitCode}`);
      try {
        if ((await probe(`${app.healthUrl}/ready`)) === 200) pending.delete(app);
      } catch {
        // not listening yet
      }
    }
    if (pending.size === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`not ready after ${timeoutMs} ms: ${[...pending].map((app) => app.name).join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The status of a GET to one of our own children on this host. Its certificate is not checked: the gateway's
 * may be issued for the public host name, or be self-signed.
 */
function probe(url: string): Promise<number> {
  const get = url.startsWith('https:') ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const request = get(url, { rejectUnauthorized: false, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/** SIGTERM to every app, SIGKILL to those still running after the grace period. */
export async function stopApps(apps: RunningApp[], graceMs = 10_000): Promise<void> {
  await Promise.all(
    apps.map(async ({ process: child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }),
  );
}
