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
    expect(stores.post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/StoreDraftDto',
    });
    expect(document.components.schemas.StoreUpdateRequest.properties.actions.maxItems).toBe(500);
  });

  it('serves the Swagger UI assets of /docs itself, and nothing else under /docs', async () => {
    const { apiUrl } = await platform();
    const bundle = await fetch(`${apiUrl}/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('text/javascript');
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const unknown = await fetch(`${apiUrl}/docs/package.json`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).errors[0].code).toBe('ResourceNotFound');
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
