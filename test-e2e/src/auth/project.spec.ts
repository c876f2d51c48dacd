import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { admin, clientToken, createClient } from './auth-helpers.js';

describe('the Project: GET and POST /{projectKey}', () => {
  it('reads the project with view_project_settings', async () => {
    const { projectKey } = await platform();
    const token = await clientToken(await createClient(['view_project_settings:{pk}']));
    const response = await http('GET', `/${projectKey}`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      key: projectKey,
      version: expect.any(Number),
      countries: expect.any(Array),
      currencies: expect.any(Array),
      languages: expect.any(Array),
      messages: { enabled: expect.any(Boolean) },
    });
    expect(response.body).not.toHaveProperty('id');
    expect((await http('POST', `/${projectKey}`, { token, body: { version: 1, actions: [] } })).status).toBe(
      403,
    );
  });

  it('applies versioned update actions and hides the external OAuth header on read', async () => {
    const current = await admin('GET', '');
    const version = current.body.version as number;
    const updated = await admin('POST', '', {
      version,
      actions: [
        { action: 'changeName', name: 'E2E project' },
        { action: 'changeCountries', countries: ['DE', 'US', 'AT'] },
        { action: 'changeCurrencies', currencies: ['EUR', 'USD'] },
        {
          action: 'changeMessagesConfiguration',
          messagesConfiguration: { enabled: true, deleteDaysAfterCreation: 15 },
        },
        {
          action: 'setExternalOAuth',
          externalOAuth: {
            url: 'https://auth.example.com/introspect',
            authorizationHeader: 'Bearer secret-value-abcd',
          },
        },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      version: version + 1,
      name: 'E2E project',
      countries: ['DE', 'US', 'AT'],
      externalOAuth: { url: 'https://auth.example.com/introspect', authorizationHeader: 'Bearer ****abcd' },
    });
    expect(JSON.stringify((await admin('GET', '')).body)).not.toContain('secret-value');

    const stale = await admin('POST', '', { version, actions: [{ action: 'changeName', name: 'x' }] });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({
      code: 'ConcurrentModification',
      currentVersion: version + 1,
    });

    const removed = await admin('POST', '', {
      version: version + 1,
      actions: [{ action: 'setExternalOAuth' }],
    });
    expect(removed.status).toBe(200);
    expect(removed.body.externalOAuth).toBeUndefined();
  });

  it.each([
    [
      {
        action: 'setExternalOAuth',
        externalOAuth: { url: 'ftp://example.com/x', authorizationHeader: 'Basic x' },
      },
    ],
    [{ action: 'changeLanguages', languages: [] }],
    [{ action: 'changeKey', key: 'new' }],
  ])('refuses an invalid action: %j', async (action) => {
    const { version } = (await admin('GET', '')).body;
    const response = await admin('POST', '', { version, actions: [action] });
    expect(response.status).toBe(400);
  });
});
