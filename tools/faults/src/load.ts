import { randomUUID } from 'node:crypto';
import { checkoutCartDraft, type CheckoutSetup } from './checkout-load.js';
import { outcomeOf, type Outcome } from './ledger.js';

/** A client gives up on a request after this long: the apps' timeout plus the deadline grace and slack. */
export const CLIENT_TIMEOUT_MS = 8_000;
const MAX_IN_FLIGHT = 200;

export interface Answer {
  status?: number;
  body?: unknown;
  /**
   * No HTTP answer: `hung` (nothing within CLIENT_TIMEOUT_MS), `refused` (no process listens: nothing was
   * sent), `reset` (the connection broke, e.g. the gateway died while the request was in flight).
   */
  failure?: 'hung' | 'refused' | 'reset';
  ms: number;
}

export interface Api {
  projectKey: string;
  gateways: string[];
  clientId: string;
  clientSecret: string;
}

export async function call(
  url: string,
  init: { method?: string; body?: unknown; token?: string; form?: string; basic?: string } = {},
): Promise<Answer> {
  const started = Date.now();
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.basic) headers.authorization = `Basic ${init.basic}`;
  let body: string | undefined;
  if (init.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = init.form;
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body,
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed, ms: Date.now() - started };
  } catch (error) {
    const hung = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const failure = hung ? 'hung' : cause === 'ECONNREFUSED' ? 'refused' : 'reset';
    return { failure, ms: Date.now() - started };
  }
}

export async function grantToken(api: Api, gateway = api.gateways[0]): Promise<Answer> {
  return call(`${gateway}/oauth/token`, {
    method: 'POST',
    basic: Buffer.from(`${api.clientId}:${api.clientSecret}`).toString('base64'),
    form: `grant_type=client_credentials&scope=manage_project:${api.projectKey}`,
  });
}

export type WriteKind = 'store' | 'channel' | 'import' | 'order';

export interface KeyedWrite {
  kind: WriteKind;
  key: string;
  outcome: Outcome;
}

/** One resource updated in a chain, each update with the version the previous answer gave. */
export interface UpdateTarget {
  key: string;
  version?: number;
  busy: boolean;
  acked: number;
  unknown: number;
}

export interface WindowStats {
  requests: number;
  errors: number;
  /** 5xx answers. */
  serverErrors: number;
  hung: number;
  refused: number;
  reset: number;
  /** HTTP error answers without the API's JSON error body. */
  badAnswers: number;
  slowest: number;
  /** Error answers by status and code (`504 GatewayTimeout`), and failures by kind. */
  kinds: Record<string, number>;
}

const emptyStats = (): WindowStats => ({
  requests: 0,
  errors: 0,
  serverErrors: 0,
  hung: 0,
  refused: 0,
  reset: 0,
  badAnswers: 0,
  slowest: 0,
  kinds: {},
});

const isErrorBody = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { statusCode?: unknown }).statusCode === 'number' &&
  Array.isArray((body as { errors?: unknown }).errors);

/**
 * A steady mixed load at a fixed rate (reads, updates, creates, token grants, imports) over every gateway,
 * recording each write's outcome for the check afterwards. Every request has a client timeout, the number in
 * flight is bounded, and the load runs only between `start` and `stop`.
 */
export class MixedLoad {
  readonly writes: KeyedWrite[] = [];
  readonly targets: UpdateTarget[];
  private stats = emptyStats();
  private timer?: NodeJS.Timeout;
  private inFlight = new Set<Promise<void>>();
  private tick = 0;
  private token = '';

  constructor(
    private readonly api: Api,
    private readonly rate: number,
    private readonly importContainer: string,
    targets: string[],
    /** With it, one request slot in eleven is a checkout: a cart in ReserveOnOrder, then its order. */
    private readonly checkout?: CheckoutSetup,
  ) {
    this.targets = targets.map((key) => ({ key, busy: false, acked: 0, unknown: 0 }));
  }

  setToken(token: string): void {
    this.token = token;
  }

  start(): void {
    this.timer = setInterval(() => this.fire(), Math.max(1, Math.round(1_000 / this.rate)));
  }

  /** Stops sending and waits for every request in flight (each bounded by the client timeout). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.inFlight]);
  }

  /** The counts since the last call. */
  takeStats(): WindowStats {
    const stats = this.stats;
    this.stats = emptyStats();
    return stats;
  }

  private fire(): void {
    if (this.inFlight.size >= MAX_IN_FLIGHT) return;
    const n = this.tick++;
    const gateway = this.api.gateways[n % this.api.gateways.length];
    const slot = n % (this.checkout ? 11 : 10);
    const work =
      slot === 10
        ? this.order(gateway)
        : slot < 4
          ? this.read(gateway, n)
          : slot < 6
            ? this.update(gateway)
            : slot < 8
              ? this.create(gateway, slot === 6 ? 'store' : 'channel')
              : slot === 8
                ? this.grant(gateway)
                : this.importPrice(gateway);
    const tracked = work.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  private count(answer: Answer): void {
    const stats = this.stats;
    stats.requests += 1;
    stats.slowest = Math.max(stats.slowest, answer.ms);
    if (answer.failure) {
      stats.errors += 1;
      stats[answer.failure] += 1;
      stats.kinds[answer.failure] = (stats.kinds[answer.failure] ?? 0) + 1;
      return;
    }
    const status = answer.status ?? 0;
    if (status < 400) return;
    stats.errors += 1;
    if (status >= 500) stats.serverErrors += 1;
    if (!isErrorBody(answer.body)) stats.badAnswers += 1;
    const code = (answer.body as { errors?: Array<{ code?: string }> } | undefined)?.errors?.[0]?.code;
    const kind = `${status} ${code ?? 'no error body'}`;
    stats.kinds[kind] = (stats.kinds[kind] ?? 0) + 1;
  }

  private url(gateway: string, path: string): string {
    return `${gateway}/${this.api.projectKey}/${path}`;
  }

  private async read(gateway: string, n: number): Promise<void> {
    const path = n % 2 === 0 ? 'stores?limit=5' : 'channels?limit=5';
    this.count(await call(this.url(gateway, path), { token: this.token }));
  }

  private async grant(gateway: string): Promise<void> {
    this.count(await grantToken(this.api, gateway));
  }

  private async create(gateway: string, kind: 'store' | 'channel'): Promise<void> {
    const key = `${kind}-${randomUUID()}`;
    const path = kind === 'store' ? 'stores' : 'channels';
    const body = kind === 'store' ? { key, name: { en: key } } : { key, roles: ['InventorySupply'] };
    const answer = await call(this.url(gateway, path), { method: 'POST', body, token: this.token });
    this.count(answer);
    this.writes.push({ kind, key, outcome: outcomeOf(answer.status, answer.body) });
  }

  private async importPrice(gateway: string): Promise<void> {
    const key = `price-${randomUUID()}`;
    const body = {
      type: 'price',
      resources: [
        {
          key,
          value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 100 },
          productVariant: { typeId: 'product-variant', key: 'not-yet' },
          product: { typeId: 'product', key: 'not-yet' },
        },
      ],
    };
    const answer = await call(this.url(gateway, `prices/import-containers/${this.importContainer}`), {
      method: 'POST',
      body,
      token: this.token,
    });
    this.count(answer);
    this.writes.push({ kind: 'import', key, outcome: outcomeOf(answer.status, answer.body) });
  }

  /** A cart with three line items in ReserveOnOrder, then the order from it under a unique order number. */
  private async order(gateway: string): Promise<void> {
    const cart = await call(this.url(gateway, 'carts'), {
      method: 'POST',
      token: this.token,
      body: checkoutCartDraft(this.checkout!),
    });
    this.count(cart);
    if (cart.status !== 201) return;
    const { id, version } = cart.body as { id: string; version: number };
    const orderNumber = `order-${randomUUID()}`;
    const answer = await call(this.url(gateway, 'orders'), {
      method: 'POST',
      token: this.token,
      body: { cart: { typeId: 'cart', id }, version, orderNumber },
    });
    this.count(answer);
    this.writes.push({ kind: 'order', key: orderNumber, outcome: outcomeOf(answer.status, answer.body) });
  }

  private async update(gateway: string): Promise<void> {
    const target = this.targets.find((t) => !t.busy);
    if (!target) return;
    target.busy = true;
    try {
      if (target.version === undefined) {
        const current = await call(this.url(gateway, `stores/key=${target.key}`), { token: this.token });
        this.count(current);
        if (current.status !== 200) return;
        target.version = (current.body as { version: number }).version;
      }
      const answer = await call(this.url(gateway, `stores/key=${target.key}`), {
        method: 'POST',
        token: this.token,
        body: {
          version: target.version,
          actions: [{ action: 'setName', name: { en: `name-${randomUUID()}` } }],
        },
      });
      this.count(answer);
      const outcome = outcomeOf(answer.status, answer.body);
      if (outcome === 'acked') {
        target.acked += 1;
        target.version = (answer.body as { version: number }).version;
      } else if (outcome === 'unknown') {
        target.unknown += 1;
        target.version = undefined;
      } else if (answer.status === 409) {
        target.version = undefined;
      }
    } finally {
      target.busy = false;
    }
  }
}
