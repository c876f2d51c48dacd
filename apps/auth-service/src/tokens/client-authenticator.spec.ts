import { ApiError } from '@commerce/errors';
import type { ApiClientRecord } from '../api-clients/api-client.record.js';
import type { ApiClientsRepository } from '../api-clients/api-clients.repository.js';
import { ClientAuthenticator } from './client-authenticator.service.js';
import { hashSecret } from './secrets.js';

const SECRET = 'a-client-secret-of-at-least-32-characters';
const client = { id: 'c1', projectKey: 'demo', secretHash: hashSecret(SECRET) } as ApiClientRecord;

/** The repository as the authenticator uses it: the client (with whether it was used today) and `touch`. */
function repository(found: { client: ApiClientRecord; usedToday: boolean } | undefined) {
  const touched: string[] = [];
  const clients = {
    findForAuthentication: async () => found,
    touch: async (id: string) => void touched.push(id),
  } as unknown as ApiClientsRepository;
  return { authenticator: new ClientAuthenticator(clients), touched };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a failure');
}

describe(ClientAuthenticator.name, () => {
  it('records the first use of the day', async () => {
    const { authenticator, touched } = repository({ client, usedToday: false });
    await expect(authenticator.authenticate({ clientId: 'c1', clientSecret: SECRET })).resolves.toBe(client);
    expect(touched).toEqual(['c1']);
  });

  it('writes nothing for a client already used today', async () => {
    const { authenticator, touched } = repository({ client, usedToday: true });
    await expect(authenticator.authenticate({ clientId: 'c1', clientSecret: SECRET }, 'demo')).resolves.toBe(
      client,
    );
    expect(touched).toEqual([]);
  });

  it.each([
    ['a wrong secret', { client, usedToday: false }, 'wrong-secret', undefined],
    ['an unknown client', undefined, SECRET, undefined],
    ["another project's path", { client, usedToday: false }, SECRET, 'other'],
  ])('refuses %s with invalid_client and records no use', async (_case, found, secret, projectKey) => {
    const { authenticator, touched } = repository(found);
    const error = await failure(
      authenticator.authenticate({ clientId: 'c1', clientSecret: secret }, projectKey),
    );
    expect(error.code).toBe('invalid_client');
    expect(touched).toEqual([]);
  });
});
