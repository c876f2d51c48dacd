import { OPERATION_SCOPES, type OperationScope } from '@commerce/auth';
import { GRAPHQL_SCHEMA_PATH, openApiDocument, openApiPath } from './openapi.document.js';
import { openApiPage } from './openapi.page.js';

describe(openApiDocument.name, () => {
  const document = openApiDocument();

  it('describes every route of the operation table with its method, path parameters and scopes', () => {
    const entries = Object.entries(OPERATION_SCOPES) as Array<[string, OperationScope]>;
    expect(entries.length).toBeGreaterThan(100);
    for (const [id, entry] of entries) {
      const operation = document.paths[openApiPath(entry.path)]?.[entry.method.toLowerCase() as 'get'];
      expect(operation?.operationId).toBe(id);
      const scopes = operation!.security.map((requirement) => requirement.oauth2[0]);
      expect(scopes).toEqual(['manage_project', ...entry.scopes].map((scope) => `${scope}:{projectKey}`));
      expect(operation!.parameters.map((p) => p.name)).toEqual(
        [...entry.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]),
      );
    }
  });

  it('writes paths the OpenAPI way', () => {
    expect(openApiPath('/:projectKey/in-store/key=:storeKey/customers/:idOrKey')).toBe(
      '/{projectKey}/in-store/key={storeKey}/customers/{idOrKey}',
    );
  });

  it('links the GraphQL schema, in the description and on the page', () => {
    expect(document.externalDocs.url).toBe(GRAPHQL_SCHEMA_PATH);
    const page = openApiPage(document);
    expect(page).toContain(`href="${GRAPHQL_SCHEMA_PATH}"`);
    expect(page).toContain('<h2>stores</h2>');
    expect(page).toContain('id="stores.create"');
  });
});
