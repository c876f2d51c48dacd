import { call, type CheckoutTarget, type CheckoutUpdateFigures, updatesTable } from './checkout-bench.js';
import type { RoundRatio } from './report.js';

/**
 * `--scenarios extensions` (issue 33): `addLineItem` with recalculation on a cart while one API Extension is
 * active on cart `Update` (an HTTP destination on a local server that answers at once with 200 and no actions,
 * `extension-server.ts`), beside the same step with no extension, taking turns in each round. The extension is
 * created before each turn with it and deleted before each turn without it; a probe cart's update proves the
 * side (the server counted a call, or none) before the load starts, and the server's count during each turn
 * proves it again (no call at all in a turn without it).
 */

export interface ExtensionBenchFacts {
  updates: CheckoutUpdateFigures[];
  /** addLineItem with the extension / without, per round: median and spread. */
  ratio?: RoundRatio;
  /** Calls the extension server answered during the measured turns with the extension. */
  calls: number;
  /** The 1-minute load average before each round. */
  loads: number[];
}

/** What `switchExtension` needs of the extension server. */
export interface ExtensionServer {
  url: string;
  calls(): Promise<number>;
}

interface Versioned {
  id: string;
  version: number;
}

/** The extension (while active) and the probe cart whose update shows whether it is called. */
export interface ExtensionSwitch {
  active?: Versioned;
  probe: Versioned;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One update of the probe cart; whether the extension server counted a call for it. */
async function probeCalls(target: CheckoutTarget, server: ExtensionServer, state: ExtensionSwitch) {
  const before = await server.calls();
  const cart = await call<Versioned>(target, 'POST', `carts/${state.probe.id}`, {
    version: state.probe.version,
    actions: [{ action: 'setCustomerEmail', email: `probe-${state.probe.version}@bench.example` }],
  });
  state.probe.version = cart.version;
  return (await server.calls()) > before;
}

/**
 * Creates the extension (cart `Update`, no condition) or deletes it, then waits until the probe cart's update
 * shows it: called, or not (a service drops its cached extensions on the change event; at worst their 30 s TTL).
 */
export async function switchExtension(
  target: CheckoutTarget,
  server: ExtensionServer,
  state: ExtensionSwitch,
  active: boolean,
): Promise<void> {
  if (active && !state.active) {
    state.active = await call<Versioned>(target, 'POST', 'extensions', {
      key: `bench-extension-${Date.now().toString(36)}`,
      destination: { type: 'HTTP', url: `${server.url}/cart` },
      triggers: [{ resourceTypeId: 'cart', actions: ['Update'] }],
    });
  }
  if (!active && state.active) {
    await call(target, 'DELETE', `extensions/${state.active.id}?version=${state.active.version}`);
    state.active = undefined;
  }
  for (let attempt = 0; attempt < 160; attempt++) {
    if ((await probeCalls(target, server, state)) === active) return;
    await sleep(250);
  }
  throw new Error(`the extension was not ${active ? 'called' : 'left alone'} by a probe cart's update`);
}

/** The extension figures as Markdown: both sides with their CPU per request, the ratio, the calls seen. */
export function extensionTable(facts: ExtensionBenchFacts): string {
  const lines = [updatesTable('addLineItem (same run, taking turns)', facts.updates)];
  if (facts.ratio) {
    const r = facts.ratio;
    lines.push(
      '',
      `addLineItem with / without the extension: **${r.median}x** (per round ${r.low}-${r.high}; target at least 0.5x).`,
    );
  }
  lines.push(
    '',
    `The extension answered ${facts.calls} calls during the measured turns with it, none in the turns without ` +
      "it; its server's CPU is not counted in the platform's CPU per request.",
  );
  if (facts.loads.length)
    lines.push(
      '',
      `Load average (1 min) before each round: ${facts.loads.map((n) => n.toFixed(1)).join(', ')}.`,
    );
  return lines.join('\n');
}
