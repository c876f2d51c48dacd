import { KNOWN_PERMISSIONS, OPERATION_SCOPES, PUBLIC_OPERATIONS, type OperationScope } from '@commerce/auth';
import {
  IN_STORE_CUSTOMER_GRANT_TYPE,
  IntrospectionResponseShape,
  RESOURCE_DESCRIPTORS,
  TokenResponseShape,
  UpdateRequestDto,
  UPDATE_ACTIONS,
  type Descriptor,
  type DocumentedResourceType,
} from '@commerce/contracts';
import { MAX_LIMIT, MAX_OFFSET } from '@commerce/query';
import type { DeclaredRoute } from './route-inventory.js';
import type { BodyDescription } from './describe-body.js';
import { GRAPHQL_SCHEMA_PATH } from './openapi.page.js';
import {
  dtoSchemas,
  ERROR_BODY,
  ref,
  updateRequestName,
  updateRequestSchema,
  type Schema,
} from './openapi.schemas.js';
import { COMMON_SCHEMAS, pagedSchema, shapeSchemas } from './shape-schemas.js';

/** Where the GraphQL API and its schema are: the OpenAPI description and its page link to them. */
export { GRAPHQL_SCHEMA_PATH };

type Method = 'get' | 'head' | 'post' | 'put' | 'delete';

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: Schema;
  explode?: boolean;
}

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  parameters: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  security: Array<Record<string, string[]>>;
  'x-customer-token'?: true;
  responses: Record<string, Response>;
}

interface Response {
  description: string;
  content?: { 'application/json': { schema: Schema } };
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  externalDocs: { description: string; url: string };
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, Schema> };
  paths: Record<string, Partial<Record<Method, Operation>>>;
}

/** `/:projectKey/stores/:idOrKey` → `/{projectKey}/stores/{idOrKey}` (`key=:storeKey` keeps its prefix). */
export function openApiPath(route: string): string {
  return route.replace(/:([A-Za-z]+)/g, '{$1}');
}

const paramsOf = (route: string) => [...route.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);

/** The area a route belongs to: its first segment after the project key (and after `in-store/key=…`). */
function tagOf(route: string): string {
  const segments = route.split('/').filter(Boolean).slice(1);
  if (segments[0] === 'in-store') return `in-store ${segments[2] ?? ''}`.trim();
  return segments[0] ?? 'project';
}

/** A scope of the table as the token carries it: `view_stores` → `view_stores:{projectKey}`. */
const scopeOf = (scope: string) => `${scope}:{projectKey}`;

const query = (name: string, schema: Schema, description: string, explode = false): Parameter => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
  ...(explode ? { explode: true } : {}),
});

const EXPAND = query(
  'expand',
  { type: 'array', items: { type: 'string' } },
  'Reference paths to expand (repeatable), e.g. `distributionChannels[*]`.',
  true,
);
const WHERE = query(
  'where',
  { type: 'array', items: { type: 'string' } },
  'Query predicates (repeatable, combined with `and`), e.g. `key = "berlin"`; `var.<name>` binds input variables.',
  true,
);
const PAGING = [
  query('sort', { type: 'array', items: { type: 'string' } }, 'e.g. `createdAt desc` (repeatable).', true),
  query('limit', { type: 'integer', minimum: 0, maximum: MAX_LIMIT, default: 20 }, 'Page size.'),
  query('offset', { type: 'integer', minimum: 0, maximum: MAX_OFFSET, default: 0 }, 'Results to skip.'),
  query('withTotal', { type: 'boolean', default: true }, '`false` leaves `total` out (faster).'),
];

/** The query parameters of an operation, by its kind (the last part of its id). */
function queryParameters(id: string, method: string): Parameter[] {
  const kind = id.split('.').at(-1)!;
  if (kind === 'query' || kind === 'operations' || kind === 'products' || kind === 'productSelections')
    return [WHERE, ...PAGING, EXPAND];
  if (kind === 'existsWhere') return [WHERE];
  if (kind === 'delete' && method === 'DELETE')
    return [
      query('version', { type: 'integer' }, 'The version to delete (409 otherwise); required for resources.'),
      EXPAND,
    ];
  if (method === 'GET' || kind === 'create' || kind === 'update') return [EXPAND];
  return [];
}

/** The name of a route's request body schema: its DTO's, or its resource type's update request. */
function bodySchemaName(body: BodyDescription): string {
  if (typeof body !== 'function') return updateRequestName(body.updateOf);
  return body === UpdateRequestDto ? updateRequestName() : body.name;
}

const ERROR = { 'application/json': { schema: ref('ErrorResponse') } };

/** The kinds of operation that answer a page (the last part of their id). */
const PAGED = new Set([
  'query',
  'operations',
  'products',
  'productSelections',
  'search',
  'searchByForm',
  'assignments',
]);

/**
 * What an operation answers on success: what its table entry says it answers, or a described resource's shape
 * (a page of them for a query; its `created` shape for a create), the base fields of a resource whose shape is
 * not declared yet, nothing for HEAD.
 */
function successOf(
  id: string,
  entry: OperationScope,
  descriptors: readonly Descriptor[],
): Record<string, Response> {
  if (entry.method === 'HEAD') return { '200': { description: 'It exists (404 otherwise); no body.' } };
  const kind = id.split('.').at(-1)!;
  const name = id
    .replace(/^inStore\./, '')
    .split('.')
    .slice(0, -1)
    .join('.');
  const descriptor = descriptors.find((candidate) => candidate.name === name);
  const shape = entry.answers ?? (kind === 'create' ? descriptor?.created : undefined) ?? descriptor?.shape;
  const item: Schema = shape ? ref(shape.name) : descriptor ? ref('Resource') : { type: 'object' };
  const schema = PAGED.has(kind) ? pagedSchema(item) : item;
  const status = kind === 'create' && descriptor ? '201' : '200';
  return { [status]: { description: 'Success.', content: { 'application/json': { schema } } } };
}

function operationOf(
  id: string,
  entry: OperationScope,
  body: BodyDescription | undefined,
  descriptors: readonly Descriptor[],
): Operation {
  const scopes = ['manage_project', ...entry.scopes].map(scopeOf);
  return {
    operationId: id,
    tags: [tagOf(entry.path)],
    summary: `${entry.method} ${openApiPath(entry.path)}`,
    parameters: [
      ...paramsOf(entry.path).map((name) => ({
        name,
        in: 'path' as const,
        required: true,
        schema: { type: 'string' },
      })),
      ...queryParameters(id, entry.method),
    ],
    ...(body
      ? {
          requestBody: {
            required: true as const,
            content: { 'application/json': { schema: ref(bodySchemaName(body)) } },
          },
        }
      : {}),
    // Any one of the scopes is enough (OpenAPI: alternatives are separate requirement objects).
    security: scopes.map((scope) => ({ oauth2: [scope] })),
    ...(entry.customer ? { 'x-customer-token': true as const } : {}),
    responses: {
      ...successOf(id, entry, descriptors),
      '400': { description: 'InvalidInput, InvalidJsonInput, InvalidField, …', content: ERROR },
      '401': { description: 'invalid_token: no or an unusable bearer token.', content: ERROR },
      '403': {
        description: 'insufficient_scope: the token lacks every scope listed under security.',
        content: ERROR,
      },
      '404': {
        description: 'ResourceNotFound, or URI not found for an unknown project or path.',
        content: ERROR,
      },
      '409': { description: 'ConcurrentModification (with currentVersion), DuplicateField.', content: ERROR },
    },
  };
}

/** A route that needs no token (`PUBLIC_OPERATIONS`): no security requirement, its path parameters. */
function publicOperationOf(id: string, entry: Pick<OperationScope, 'method' | 'path'>): Operation {
  return {
    operationId: id,
    tags: [tagOf(entry.path)],
    summary: `${entry.method} ${openApiPath(entry.path)} (no token)`,
    parameters: paramsOf(entry.path).map((name) => ({
      name,
      in: 'path' as const,
      required: true,
      schema: { type: 'string' },
    })),
    security: [],
    responses: {
      '200': { description: 'Success.', content: { 'application/json': { schema: { type: 'object' } } } },
      '400': { description: 'InvalidOperation: the state asked about is not a good one.', content: ERROR },
      '404': { description: 'ResourceNotFound.', content: ERROR },
      '429': { description: 'Too many requests from this address.', content: ERROR },
      '503': { description: 'ServiceUnavailable: a temporary failure.', content: ERROR },
    },
  };
}

const OAUTH = 'oauth';

const form = (properties: Record<string, Schema>, required: string[]) => ({
  required: true,
  content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required, properties } } },
});

/** The authorization endpoints (RFC 6749, 7662, 7009), client authenticated with HTTP Basic. */
function oauthOperation(route: string): Operation {
  const path = openApiPath(route);
  const json = (schema: Schema) => ({ 'application/json': { schema } });
  const errors: Record<string, Response> = {
    '400': {
      description: 'invalid_request, invalid_grant, unsupported_grant_type, …',
      content: json(ref('ErrorResponse')),
    },
    '401': {
      description: 'invalid_client: unknown client or wrong secret.',
      content: json(ref('ErrorResponse')),
    },
    '429': { description: 'Too many requests for the token endpoints.', content: json(ref('ErrorResponse')) },
  };
  const base = {
    tags: ['oauth'],
    summary: `POST ${path}`,
    parameters: [...route.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
      name,
      in: 'path' as const,
      required: true,
      schema: { type: 'string' },
    })),
    security: [{ basicAuth: [] }],
  };
  if (route.endsWith('/introspect'))
    return {
      ...base,
      operationId: 'oauth.introspect',
      requestBody: form({ token: { type: 'string' } }, ['token']),
      responses: {
        '200': { description: 'RFC 7662.', content: json(ref('IntrospectionResponse')) },
        ...errors,
      },
    };
  if (route.endsWith('/token/revoke'))
    return {
      ...base,
      operationId: 'oauth.revoke',
      requestBody: form(
        { token: { type: 'string' }, token_type_hint: { enum: ['access_token', 'refresh_token'] } },
        ['token'],
      ),
      responses: { '200': { description: 'RFC 7009: revoked (or unknown); no body.' }, ...errors },
    };
  const grants = ['client_credentials', 'password', 'refresh_token', IN_STORE_CUSTOMER_GRANT_TYPE];
  return {
    ...base,
    operationId: `oauth.${route
      .split('/')
      .filter((segment) => segment && !segment.startsWith(':'))
      .slice(1)
      .join('.')}`,
    requestBody: form(
      {
        grant_type: { type: 'string', enum: grants },
        scope: { type: 'string', description: 'Space-separated scopes, each implied by the client’s.' },
        username: { type: 'string', description: 'password grant' },
        password: { type: 'string', description: 'password grant' },
        refresh_token: { type: 'string', description: 'refresh_token grant' },
      },
      ['grant_type'],
    ),
    responses: { '200': { description: 'RFC 6749 5.1.', content: json(ref('TokenResponse')) }, ...errors },
  };
}

/** Every DTO class a body or an update action names. */
function dtoClasses(routes: readonly DeclaredRoute[]): Array<new () => object> {
  const actions = Object.values(UPDATE_ACTIONS).flatMap((table) => Object.values(table));
  const bodies = routes.map((route) => route.body).filter((body) => typeof body === 'function');
  return [...new Set<new () => object>([...actions, ...bodies])];
}

/**
 * The OpenAPI description of the HTTP API, derived from the routes the gateway's controllers declare (each
 * with its body DTO) and the operation table the guard enforces (libs/auth/src/operation-scopes.ts): every
 * route with its method, path and query parameters, request body schema, error body and scopes.
 */
export function openApiDocument(
  routes: readonly DeclaredRoute[],
  {
    operations = OPERATION_SCOPES,
    descriptors = RESOURCE_DESCRIPTORS,
  }: { operations?: Readonly<Record<string, OperationScope>>; descriptors?: readonly Descriptor[] } = {},
): OpenApiDocument {
  const bodies = new Map(routes.map((route) => [`${route.method} ${route.path}`, route.body]));
  const paths: OpenApiDocument['paths'] = {};
  for (const [id, entry] of Object.entries(operations)) {
    const path = openApiPath(entry.path);
    const body = bodies.get(`${entry.method} ${entry.path}`);
    paths[path] = {
      ...paths[path],
      [entry.method.toLowerCase() as Method]: operationOf(id, entry, body, descriptors),
    };
  }
  for (const [id, entry] of Object.entries(PUBLIC_OPERATIONS)) {
    const path = openApiPath(entry.path);
    paths[path] = { ...paths[path], [entry.method.toLowerCase() as Method]: publicOperationOf(id, entry) };
  }
  for (const route of routes.filter((candidate) => candidate.path.startsWith(`/${OAUTH}/`))) {
    paths[openApiPath(route.path)] = { post: oauthOperation(route.path) };
  }
  const shapes = [
    ...descriptors.flatMap((descriptor) => [descriptor.shape, descriptor.created]),
    ...Object.values(operations).map((entry) => entry.answers),
  ].filter((shape) => shape !== undefined);
  const updates = Object.fromEntries([
    [updateRequestName(), updateRequestSchema()],
    ...(Object.keys(UPDATE_ACTIONS) as DocumentedResourceType[]).map((typeId) => [
      updateRequestName(typeId),
      updateRequestSchema(typeId),
    ]),
  ]) as Record<string, Schema>;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Commerce platform HTTP API',
      version: '1',
      description:
        'Compatible with the commercetools HTTP API. Every operation needs a bearer token with one of the listed ' +
        `scopes, but those whose security list is empty. GraphQL: POST /{projectKey}/graphql, schema at ${GRAPHQL_SCHEMA_PATH}.`,
    },
    externalDocs: { description: 'The GraphQL schema (SDL)', url: GRAPHQL_SCHEMA_PATH },
    components: {
      securitySchemes: {
        basicAuth: {
          type: 'http',
          scheme: 'basic',
          description: 'The API client id and secret, on the OAuth endpoints.',
        },
        oauth2: {
          type: 'oauth2',
          description:
            'Client credentials (HTTP Basic client id and secret). Scopes are `<permission>:<projectKey>`, or ' +
            '`<permission>:<projectKey>:<storeKey>` on in-store routes; `manage_project` grants everything.',
          flows: {
            clientCredentials: {
              tokenUrl: '/oauth/token',
              scopes: Object.fromEntries(
                [...KNOWN_PERMISSIONS].sort().map((permission) => [scopeOf(permission), permission]),
              ),
            },
          },
        },
      },
      schemas: {
        ...dtoSchemas(dtoClasses(routes)),
        ...updates,
        ...COMMON_SCHEMAS,
        ...shapeSchemas([...shapes, TokenResponseShape, IntrospectionResponseShape]),
        ErrorResponse: ERROR_BODY,
      },
    },
    paths,
  };
}
