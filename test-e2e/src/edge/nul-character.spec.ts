import { api } from '../support/api.js';
import { storeDraft } from '../support/factories.js';

/**
 * PostgreSQL cannot store or compare the NUL character: found by the security suite's property test as 500s
 * (HEAD customers/%00, GET import-containers/%00/import-summaries). Each answers 400 InvalidInput now.
 */
describe('the NUL character in input', () => {
  it.each([
    ['HEAD', 'customers/%00'],
    ['HEAD', 'in-store/key=x/customers/%00'],
    ['GET', 'customers/%00'],
    ['GET', 'import-containers/%00/import-summaries'],
    ['GET', 'import-containers/%00'],
    ['GET', 'stores/key=%00'],
    ['GET', 'api-clients/%00'],
  ])('%s %s is a 4xx, never a 500', async (method, path) => {
    const response = await api.request(method, path);
    expect([400, 404]).toContain(response.status);
    if (method !== 'HEAD') expect(response.body.errors[0].code).toEqual(expect.any(String));
  });

  it('refuses a NUL character inside a JSON string of a draft with InvalidInput, storing nothing', async () => {
    const draft = storeDraft({ name: { en: 'a\u0000b' } });
    const response = await api.post('stores', draft);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      code: 'InvalidInput',
      message: expect.stringContaining('NUL'),
    });
    expect((await api.get(`stores/key=${draft.key}`)).status).toBe(404);
  });
});
