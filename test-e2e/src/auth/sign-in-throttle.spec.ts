import { randomInt, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { adminToken } from '../support/tokens.js';
import { platform } from '../support/platform.js';
import { createClient, createCustomer, type Client } from './auth-helpers.js';

/**
 * The sign-in throttle counts failures per account and source, and per source (docs/SECURITY.md): wrong
 * passwords from one source never lock the customer out for another. A source is the API client with the
 * client's address as the gateway sees it; each test sends from addresses of its own in 127.0.0.0/8 (all of
 * it is loopback), so its counters start at zero on every run.
 */
const newSource = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

interface Answer {
  status: number;
  body: any;
}

/** A POST to the gateway from `source` (the socket's local address). */
async function postFrom(
  source: string,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<Answer> {
  const { apiUrl } = await platform();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      new URL(`${apiUrl}${path}`),
      { method: 'POST', localAddress: source, headers },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function passwordGrantFrom(source: string, client: Client, email: string, password: string) {
  const { projectKey } = await platform();
  return postFrom(
    source,
    `/oauth/${projectKey}/customers/token`,
    {
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
  );
}

async function signInFrom(source: string, email: string, password: string) {
  const { projectKey } = await platform();
  return postFrom(
    source,
    `/${projectKey}/login`,
    { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
    JSON.stringify({ email, password }),
  );
}

function expectThrottled(answer: Answer) {
  expect(answer.status).toBe(429);
  expect(answer.body.errors[0].code).toBe('TooManyRequests');
  expect(answer.body.message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/);
}

describe('sign-in throttle: per account and source, and per source', () => {
  let shop: Client;
  beforeAll(async () => {
    shop = await createClient(['manage_my_profile:{pk}']);
  });

  it.each([
    ['the password flow', 'grant'],
    ['/login', 'login'],
  ] as const)(
    'ten wrong passwords from one source throttle that source, not the customer signing in elsewhere: %s',
    async (_flow, flow) => {
      const customer = await createCustomer();
      const [attacker, owner] = [newSource(), newSource()];
      const signIn = (source: string, password: string) =>
        flow === 'grant'
          ? passwordGrantFrom(source, shop, customer.email, password)
          : signInFrom(source, customer.email, password);
      for (let i = 0; i < 10; i++) expect((await signIn(attacker, `wrong-${i}`)).status).toBe(400);
      expectThrottled(await signIn(attacker, customer.password));
      const signedIn = await signIn(owner, customer.password);
      expect(signedIn.status).toBe(200);
      if (flow === 'grant') expect(signedIn.body.scope).toContain(`customer_id:${customer.id}`);
      else expect(signedIn.body.customer.id).toBe(customer.id);
      // The attacker stays throttled after the owner's success.
      expectThrottled(await signIn(attacker, 'wrong-again'));
    },
  );

  it('stops one source spraying many accounts: its hundred-and-first failure is refused', async () => {
    const [sprayer, owner] = [newSource(), newSource()];
    const customer = await createCustomer();
    // Ten tries at each of ten accounts (unknown e-mails cost the same work): within each account's limit.
    for (let account = 0; account < 10; account++) {
      const email = `nobody-${randomUUID()}@example.com`;
      const tries = await Promise.all(
        Array.from({ length: 10 }, (_, i) => passwordGrantFrom(sprayer, shop, email, `guess-${i}`)),
      );
      expect(tries.map((answer) => answer.status)).toEqual(Array(10).fill(400));
    }
    expectThrottled(await passwordGrantFrom(sprayer, shop, `nobody-${randomUUID()}@example.com`, 'guess'));
    expectThrottled(await passwordGrantFrom(sprayer, shop, customer.email, customer.password));
    expect((await passwordGrantFrom(owner, shop, customer.email, customer.password)).status).toBe(200);
  });
});
