import { platform } from '../support/platform.js';

describe('the OpenAPI description and its page', () => {
  it('serves /openapi.json without a token, with every Store operation and its scopes', async () => {
    const { apiUrl } = await platform();
    const response = await fetch(`${apiUrl}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as any;
    expect(document.openapi).toBe('3.1.0');
    const stores = document.paths['/{projectKey}/stores'];
    expect(stores.post.operationId).toBe('stores.create');
    expect(stores.post.security).toContainEqual({ oauth2: ['manage_stores:{projectKey}'] });
    expect(document.paths['/{projectKey}/stores/{idOrKey}'].delete.operationId).toBe('stores.delete');
  });

  it('serves a browsable page at /docs that lists the Stores operations and links the GraphQL schema', async () => {
    const { apiUrl } = await platform();
    const response = await fetch(`${apiUrl}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('<h2>stores</h2>');
    expect(page).toContain('/{projectKey}/stores/{idOrKey}');
    const link = /href="(\/graphql\/schema\.graphql)"/.exec(page)?.[1];
    expect(link).toBeDefined();
    const schema = await fetch(`${apiUrl}${link}`);
    expect(schema.status).toBe(200);
    expect(await schema.text()).toContain('type Store');
  });
});
