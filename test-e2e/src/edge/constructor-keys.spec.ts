import { api } from '../support/api.js';
import { storeDraft } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';

/**
 * A JSON object with a `"constructor"` key where a DTO declares no nested class made class-transformer throw
 * (found by the security suite's hostile-input run as 500s on `POST /{projectKey}` and Store updates). Where a
 * DTO models the object the key is dropped, as any unknown field; where it does not (a LocalizedString, a custom
 * field's value) the key is kept as it came and checked like any other (docs/SECURITY.md, "Client-chosen keys"):
 * a valid body is accepted, an invalid one is a 400 naming its field.
 */
describe('"constructor" keys in JSON bodies', () => {
  it("checks a LocalizedString's constructor key like any other: an object there is the field's 400", async () => {
    const draft = storeDraft({ name: JSON.parse('{"en": "Shop", "constructor": {"prototype": {"x": 1}}}') });
    const response = await api.post('stores', draft);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      code: 'InvalidJsonInput',
      detailedErrorMessage: expect.stringContaining('name'),
    });
  });

  it("refuses a Store update action's wrong value with the field's 400, never a 500", async () => {
    const store = await api.create('stores', storeDraft());
    const response = await api.post(`stores/${store.id}`, {
      version: store.version,
      actions: [{ action: 'setLanguages', languages: { constructor: 'x' } }],
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      code: 'InvalidJsonInput',
      detailedErrorMessage: expect.stringContaining('languages'),
    });
  });

  it("refuses a Project update action's wrong value with the field's 400, never a 500", async () => {
    const { projectKey } = await platform();
    const project = await http('GET', `/${projectKey}`, { token: await adminToken() });
    const response = await http('POST', `/${projectKey}`, {
      token: await adminToken(),
      body: {
        version: project.body.version,
        actions: [
          {
            action: 'changeMessagesConfiguration',
            messagesConfiguration: { enabled: { constructor: { prototype: {} } } },
          },
        ],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      code: 'InvalidJsonInput',
      detailedErrorMessage: expect.stringContaining('enabled'),
    });
  });
});
