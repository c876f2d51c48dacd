import { randomInt, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { adminToken } from '../support/tokens.js';
import { platform } from '../support/platform.js';
import { createClient, createCustomer, type Client } from './auth-helpers.js';

/**
 * The sign-in throttle counts failures per account and source, and per source (docs/SECURITY.md): wrong
 * passwords from one source never lock the customer out for another. A source is the client's address as
 * the gateway sees it; each test sends from addresses of its own in 127.0.0.0/8 (all of it is loopback), so
 * its counters start at zero on every run.
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

  it('ten wrong passwords from one source throttle that source, not the customer signing in elsewhere', async () => {
    const customer = await createCustomer();
    const [attacker, owner] = [newSource(), newSource()];
    for (let i = 0; i < 10; i++) {
      const wrong = await passwordGrantFrom(attacker, shop, customer.email, `wrong-${i}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe('invalid_customer_account_credentials');
    }
    expectThrottled(await passwordGrantFrom(attacker, shop, customer.email, customer.password));
    const granted = await passwordGrantFrom(owner, shop, customer.email, customer.password);
    expect(granted.status).toBe(200);
    expect(granted.body.scope).toContain(`customer_id:${customer.id}`);
    // The same throttle guards /login: the attacker's source is refused there too, the owner's is not.
    expectThrottled(await signInFrom(attacker, customer.email, customer.password));
    const signedIn = await signInFrom(owner, customer.email, customer.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.customer.id).toBe(customer.id);
    // And the attacker stays throttled after the owner's success.
    expectThrottled(await passwordGrantFrom(attacker, shop, customer.email, 'wrong-again'));
  });

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
