import 'reflect-metadata';
import SwaggerParser from '@apidevtools/swagger-parser';
import { OPERATION_SCOPES, PUBLIC_OPERATIONS, type OperationScope } from '@commerce/auth';
import { loadConfig } from '@commerce/config';
import { UPDATE_ACTIONS } from '@commerce/contracts';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { gatewayEnv } from '../config.js';
import { GatewayModule } from '../gateway.module.js';
import {
  GRAPHQL_SCHEMA_PATH,
  openApiDocument,
  openApiPath,
  type OpenApiDocument,
} from './openapi.document.js';
import { openApiPage } from './openapi.page.js';
import { declaredRoutes } from './route-inventory.js';

describe(openApiDocument.name, () => {
  let app: NestFastifyApplication;
  let document: OpenApiDocument;
  /** What Fastify registered, as `METHOD /path` (Fastify's own syntax), seen by an `onRoute` hook. */
  const registered: Array<{ method: string; url: string }> = [];

  beforeAll(async () => {
    const adapter = new FastifyAdapter({
      exposeHeadRoutes: false,
      routerOptions: { ignoreTrailingSlash: true },
    });
    adapter.getInstance().addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    app = await NestFactory.create<NestFastifyApplication>(
      GatewayModule.forRoot(loadConfig(gatewayEnv, {})),
      adapter,
      { logger: false },
    );
    await app.init();
    document = openApiDocument(declaredRoutes(app.get(ModulesContainer)));
  });
  afterAll(() => app?.close());

  const operationAt = (method: string, url: string) =>
    document.paths[openApiPath(url)]?.[method.toLowerCase() as 'get'];

  it('describes every route Fastify registered under a project, with the scopes the guard enforces', () => {
    const projectRoutes = registered.filter(
      ({ url }) => url.startsWith('/:projectKey') && !url.endsWith('/graphql'),
    );
    expect(projectRoutes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const { method, url } of projectRoutes) {
      const operation = operationAt(method, url);
      const entry = Object.values<OperationScope>(OPERATION_SCOPES).find(
        (candidate) => candidate.method === method && candidate.path === url,
      );
      const open = Object.values(PUBLIC_OPERATIONS).some(
        (candidate) => candidate.method === method && candidate.path === url,
      );
      if (open && operation) {
        if (operation.security.length > 0) problems.push(`${method} ${url}: needs no token, describes one`);
        continue;
      }
      if (!operation || !entry) {
        problems.push(`${method} ${url} is not described`);
        continue;
      }
      const scopes = operation.security.map((requirement) => requirement.oauth2[0]);
      const expected = ['manage_project', ...entry.scopes].map((scope) => `${scope}:{projectKey}`);
      if (scopes.join() !== expected.join()) problems.push(`${method} ${url}: ${scopes.join()}`);
      const pathParams = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
      if (pathParams.join() !== [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).join())
        problems.push(`${method} ${url}: path parameters ${pathParams.join()}`);
    }
    expect(problems).toEqual([]);
  });

  it('gives every POST and PUT with a body DTO its request body schema, and every referenced schema exists', () => {
    const refs = new Set(
      [...JSON.stringify(document).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]),
    );
    expect([...refs].filter((name) => !document.components.schemas[name])).toEqual([]);
    const create = operationAt('POST', '/:projectKey/stores')!;
    expect(create.requestBody?.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/StoreDraftDto',
    });
    expect(document.components.schemas.StoreDraftDto).toMatchObject({
      required: ['key'],
      properties: { key: { type: 'string', minLength: 2, maxLength: 256 } },
    });
    expect(operationAt('POST', '/:projectKey/customers')!.requestBody).toBeDefined();
    expect(operationAt('POST', '/:projectKey/api-clients')!.requestBody).toBeDefined();
  });

  it('describes an update request as the version and the union of the resource type’s actions', () => {
    const update = operationAt('POST', '/:projectKey/stores/:idOrKey')!;
    expect(update.requestBody?.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/StoreUpdateRequest',
    });
    const request = document.components.schemas.StoreUpdateRequest as any;
    expect(request.required).toEqual(['version', 'actions']);
    const union = request.properties.actions.items.oneOf as Array<{ title: string }>;
    expect(union.map((member) => member.title).sort()).toEqual(Object.keys(UPDATE_ACTIONS.store).sort());
    expect(document.components.schemas.CustomerUpdateRequest).toBeDefined();
  });

  it('names the query parameters, the error body and the OAuth2 client credentials flow', () => {
    const names = (method: string, url: string) => operationAt(method, url)!.parameters.map((p) => p.name);
    expect(names('GET', '/:projectKey/stores')).toEqual([
      'projectKey',
      'where',
      'sort',
      'limit',
      'offset',
      'withTotal',
      'expand',
    ]);
    expect(names('DELETE', '/:projectKey/stores/:idOrKey')).toEqual([
      'projectKey',
      'idOrKey',
      'version',
      'expand',
    ]);
    expect(
      operationAt('GET', '/:projectKey/stores')!.responses['400'].content!['application/json'].schema,
    ).toEqual({
      $ref: '#/components/schemas/ErrorResponse',
    });
    expect(document.components.schemas.ErrorResponse).toMatchObject({
      required: ['statusCode', 'message', 'errors'],
    });
    const oauth2 = document.components.securitySchemes.oauth2 as any;
    expect(oauth2.flows.clientCredentials.tokenUrl).toBe('/oauth/token');
    expect(oauth2.flows.clientCredentials.scopes['manage_stores:{projectKey}']).toBe('manage_stores');
  });

  it('validates with zero errors against the OpenAPI 3.1 schema (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    // The validator does refuse what breaks the specification: an operation with no responses object.
    const broken = structuredClone(document) as any;
    broken.paths['/{projectKey}/stores'].get.responses = 'none';
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it('gives every operation its success answer with a schema (HEAD and revoke answer no body) and the error body', () => {
    const problems: string[] = [];
    let count = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        count += 1;
        const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
        const noBody = method === 'head' || path === '/oauth/token/revoke';
        if (success.length !== 1) problems.push(`${method} ${path}: ${success.length} success answers`);
        else if (!noBody && !success[0][1].content?.['application/json'].schema)
          problems.push(`${method} ${path}: no response schema`);
        if (!operation.responses['400']?.content) problems.push(`${method} ${path}: no error body`);
      }
    }
    expect(count).toBeGreaterThan(150);
    expect(problems).toEqual([]);
    for (const path of ['/oauth/token', '/oauth/introspect', '/oauth/token/revoke'])
      expect(document.paths[path]?.post).toBeDefined();
    expect(document.paths['/oauth/token'].post!.responses['200'].content!['application/json'].schema).toEqual(
      {
        $ref: '#/components/schemas/TokenResponse',
      },
    );
    expect(document.paths['/oauth/introspect'].post!.requestBody!.content).toHaveProperty(
      ['application/x-www-form-urlencoded', 'schema', 'required'],
      ['token'],
    );
  });

  it("answers a described resource's shape, a page of them on a query, and localized strings as maps", () => {
    const ok = (method: string, url: string, status = '200') =>
      operationAt(method, url)!.responses[status].content!['application/json'].schema as any;
    expect(ok('POST', '/:projectKey/stores', '201')).toEqual({ $ref: '#/components/schemas/Store' });
    expect(ok('GET', '/:projectKey/stores/:idOrKey')).toEqual({ $ref: '#/components/schemas/Store' });
    expect(ok('GET', '/:projectKey/stores').properties.results.items).toEqual({
      $ref: '#/components/schemas/Store',
    });
    const store = document.components.schemas.Store as any;
    expect(store.required).toEqual(expect.arrayContaining(['id', 'version', 'key', 'languages']));
    expect(store.required).not.toContain('name');
    expect(store.properties.name).toEqual({ $ref: '#/components/schemas/LocalizedString' });
    expect(store.properties.countries.items).toEqual({ $ref: '#/components/schemas/StoreCountry' });
    expect(document.components.schemas.LocalizedString).toMatchObject({
      type: 'object',
      additionalProperties: { type: 'string' },
    });
  });

  it('answers API clients, import containers, import operations and extensions by their shapes, secrets as the API shows them', () => {
    const ok = (method: string, url: string, status = '200') =>
      operationAt(method, url)!.responses[status].content!['application/json'].schema as any;
    const schemas = document.components.schemas as Record<string, any>;
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    // An API client's secret: in the create answer only.
    expect(ok('POST', '/:projectKey/api-clients', '201')).toEqual(ref('APIClientWithSecret'));
    expect(ok('GET', '/:projectKey/api-clients/:id')).toEqual(ref('APIClientWithoutSecret'));
    expect(ok('GET', '/:projectKey/api-clients').properties.results.items).toEqual(
      ref('APIClientWithoutSecret'),
    );
    expect(ok('DELETE', '/:projectKey/api-clients/:id')).toEqual(ref('APIClientWithoutSecret'));
    expect(schemas.APIClientWithSecret.required).toEqual(['id', 'name', 'scope', 'secret']);
    expect(schemas.APIClientWithoutSecret.properties).not.toHaveProperty('secret');
    expect(schemas.APIClientWithoutSecret.properties).not.toHaveProperty('version');
    expect(schemas.APIClientWithoutSecret.properties.lastUsedAt).toEqual({ type: 'string', format: 'date' });
    // Import: containers have no id; operations, summaries and import answers are their own shapes.
    expect(ok('GET', '/:projectKey/import-containers/:importContainerKey')).toEqual(ref('ImportContainer'));
    expect(schemas.ImportContainer.properties).not.toHaveProperty('id');
    expect(schemas.ImportContainer.required).toEqual(['key', 'version', 'createdAt', 'lastModifiedAt']);
    expect(ok('GET', '/:projectKey/import-operations/:id')).toEqual(ref('ImportOperation'));
    expect(
      ok('GET', '/:projectKey/import-containers/:importContainerKey/import-operations').properties.results
        .items,
    ).toEqual(ref('ImportOperation'));
    expect(ok('GET', '/:projectKey/import-containers/:importContainerKey/import-summaries')).toEqual(
      ref('ImportSummary'),
    );
    expect(schemas.OperationStates.required).toContain('validationFailed');
    expect(ok('POST', '/:projectKey/prices/import-containers/:importContainerKey')).toEqual(
      ref('ImportResponse'),
    );
    // Extensions: the destination is one of three, told apart by `type`; its secrets are masked.
    expect(ok('GET', '/:projectKey/extensions/:idOrKey')).toEqual(ref('Extension'));
    expect(schemas.Extension.properties.destination).toEqual({
      oneOf: [ref('HttpDestination'), ref('AWSLambdaDestination'), ref('GoogleCloudFunctionDestination')],
      discriminator: {
        propertyName: 'type',
        mapping: {
          HTTP: '#/components/schemas/HttpDestination',
          AWSLambda: '#/components/schemas/AWSLambdaDestination',
          GoogleCloudFunction: '#/components/schemas/GoogleCloudFunctionDestination',
        },
      },
    });
    expect(schemas.HttpDestination.properties.authentication.discriminator.mapping).toEqual({
      AuthorizationHeader: '#/components/schemas/AuthorizationHeader',
      AzureFunctions: '#/components/schemas/AzureFunctionsAuthentication',
    });
    expect(schemas.HttpDestination.properties.type).toEqual({ type: 'string', const: 'HTTP' });
    const masked = new RegExp(schemas.AWSLambdaDestination.properties.accessSecret.pattern);
    expect(schemas.AuthorizationHeader.properties.headerValue.pattern).toBe(masked.source);
    expect(schemas.AzureFunctionsAuthentication.properties.key.pattern).toBe(masked.source);
    expect('****wxyz').toMatch(masked);
    expect('Bearer a-secret-token').not.toMatch(masked);
    // Subscriptions: the destination is one of nine and the format one of two, each told apart by `type`.
    expect(ok('GET', '/:projectKey/subscriptions/:idOrKey')).toEqual(ref('Subscription'));
    expect(ok('GET', '/:projectKey/subscriptions').properties.results.items).toEqual(ref('Subscription'));
    expect(schemas.Subscription.required).toEqual(
      expect.arrayContaining(['destination', 'messages', 'changes', 'events', 'format', 'status']),
    );
    expect(schemas.Subscription.properties.destination.discriminator.mapping).toEqual({
      SQS: '#/components/schemas/SqsDestination',
      SNS: '#/components/schemas/SnsDestination',
      EventBridge: '#/components/schemas/EventBridgeDestination',
      EventGrid: '#/components/schemas/AzureEventGridDestination',
      AzureServiceBus: '#/components/schemas/AzureServiceBusDestination',
      GoogleCloudPubSub: '#/components/schemas/GoogleCloudPubSubDestination',
      ConfluentCloud: '#/components/schemas/ConfluentCloudDestination',
      NATS: '#/components/schemas/NatsDestination',
      Webhook: '#/components/schemas/WebhookDestination',
    });
    expect(schemas.Subscription.properties.format.discriminator.mapping).toEqual({
      Platform: '#/components/schemas/PlatformFormat',
      CloudEvents: '#/components/schemas/CloudEventsFormat',
    });
    for (const [schema, secret] of [
      ['SqsDestination', 'accessSecret'],
      ['SnsDestination', 'accessSecret'],
      ['AzureEventGridDestination', 'accessKey'],
      ['ConfluentCloudDestination', 'apiKey'],
      ['ConfluentCloudDestination', 'apiSecret'],
      ['WebhookDestination', 'secret'],
    ]) {
      expect(schemas[schema].properties[secret].pattern).toBe(masked.source);
    }
    expect('****').toMatch(masked);
  });

  it('answers the insights configuration by its shape: no id or version, providers by their type, no secret', () => {
    const schemas = document.components.schemas as Record<string, any>;
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    for (const method of ['GET', 'PUT', 'POST', 'DELETE']) {
      expect(operationAt(method, '/:projectKey/insights-configuration')!.responses['200']).toEqual({
        description: 'Success.',
        content: { 'application/json': { schema: ref('InsightsConfiguration') } },
      });
    }
    expect(schemas.InsightsConfiguration.required).toEqual([
      'active',
      'projectKey',
      'providers',
      'additionalAttributes',
      'lastModifiedAt',
      'lastModifiedBy',
    ]);
    expect(schemas.InsightsConfiguration.properties).not.toHaveProperty('id');
    expect(schemas.InsightsConfiguration.properties.providers.items.discriminator).toEqual({
      propertyName: 'type',
      mapping: {
        VendorA: '#/components/schemas/VendorAProvider',
        VendorBSaaS: '#/components/schemas/VendorBSaaSProvider',
        VendorBActiveGate: '#/components/schemas/VendorBActiveGateProvider',
        VendorC: '#/components/schemas/VendorCProvider',
        Otlp: '#/components/schemas/OtlpProvider',
        OtlpHttp: '#/components/schemas/OtlpHttpProvider',
      },
    });
    expect(schemas.VendorBActiveGateProvider.required).toEqual([
      'type',
      'active',
      'valid',
      'eventTypes',
      'activeGateDomain',
      'environmentId',
    ]);
    expect(schemas.VendorAProvider.properties).not.toHaveProperty('apiKey');
    expect(schemas.VendorCProvider.properties.site.enum).toContain('US1-FED');
    expect(schemas.OtlpProviderHeader.properties).toEqual({ name: { type: 'string' } });
    expect(schemas.InsightsAttribute.properties.type).toEqual({ type: 'string', const: 'String' });
  });

  it('writes paths the OpenAPI way', () => {
    expect(openApiPath('/:projectKey/in-store/key=:storeKey/customers/:idOrKey')).toBe(
      '/{projectKey}/in-store/key={storeKey}/customers/{idOrKey}',
    );
  });

  it('links the GraphQL schema, in the description and on the page, which loads Swagger UI from the gateway', () => {
    expect(document.externalDocs.url).toBe(GRAPHQL_SCHEMA_PATH);
    const page = openApiPage(document);
    expect(page).toContain(`href="${GRAPHQL_SCHEMA_PATH}"`);
    expect(page).toContain('<script src="/docs/swagger-ui-bundle.js"></script>');
    expect(page).not.toMatch(/https?:\/\//);
    expect(page).toContain('<h2>stores</h2>');
    expect(page).toContain('id="stores.create"');
  });
});
